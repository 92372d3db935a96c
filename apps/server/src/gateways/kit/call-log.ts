/**
 * The per-call log: every account a call tried that did not serve it, in order, with its kind and reason. The
 * caller keeps it with its own record (a delivery says who sent it and why not the first choice: a company
 * mailbox failing over to the platform's account changes the sender).
 */
export interface CallRecord {
  providerId: number | null;
  providerKind: string | null;
  code: string;
  /** The reason, cut to 500 characters (records keep it, never a vendor's whole answer). */
  message: string;
}

/** Optional observer of every attempt (accepted or not), e.g. for metrics; never changes the outcome. */
export type CallObserver = (entry: {
  providerId: number;
  providerKind: string;
  ok: boolean;
  code: string | null;
  ms: number;
}) => void;

/**
 * Receipts (状态报告, bounces, a wallet's payment notice …): a vendor reports later what became of a call it
 * accepted, by push or when polled. The module that owns the business rows registers a handler; the gateway only
 * collects receipts and hands them on. Hooks are kept per gateway object (one per app: two apps in one process
 * — tests — never see each other's).
 */
export type ReceiptHandler<R> = (receipts: R[]) => Promise<void>;

/** What an account (by id) still waits for: polling vendors that can only be asked per message need this list. */
export type PendingSource<P> = (providerId: number) => Promise<P[]>;

interface Hooks<R, P> {
  handlers: ReceiptHandler<R>[];
  pending?: PendingSource<P>;
}

/** The hooks of one kind of gateway: handlers for its receipts and the source of what is still pending. */
export function receiptHooks<G extends object, R, P>() {
  const hooks = new WeakMap<G, Hooks<R, P>>();
  const of = (gateway: G): Hooks<R, P> => {
    let h = hooks.get(gateway);
    if (!h) {
      h = { handlers: [] };
      hooks.set(gateway, h);
    }
    return h;
  };
  return {
    on: (gateway: G, handler: ReceiptHandler<R>) => void of(gateway).handlers.push(handler),
    setPending: (gateway: G, source: PendingSource<P>) => {
      of(gateway).pending = source;
    },
    pendingOf: (gateway: G) => hooks.get(gateway)?.pending,
    /** Hands receipts to every handler; a failing handler is reported and does not keep them from the others. */
    async deliver(gateway: G, receipts: R[], onError: (err: unknown) => void = () => {}) {
      if (!receipts.length) return;
      for (const handler of hooks.get(gateway)?.handlers ?? []) {
        try {
          await handler(receipts);
        } catch (err) {
          onError(err);
        }
      }
    },
  };
}

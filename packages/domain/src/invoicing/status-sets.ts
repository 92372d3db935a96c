import type { InvoiceStatus } from './status.ts';

/**
 * Named families of invoice states, stated once (issue 29 §4): the server's queries, the contracts' enums and
 * the console's buttons ask by name instead of restating the lists. Tuples (`as const`) so zod enums can use them.
 */

/**
 * The issued family: the bureau gave the invoice a number and it still counts — whole, partly or fully
 * red-flushed (a red-flushed blue invoice stays issued; its red invoice offsets it). Statistics count these,
 * delivery sends them, printing prints them.
 */
export const ISSUED_STATUSES = ['issued', 'partly_red', 'red'] as const satisfies readonly InvoiceStatus[];

/**
 * Invoices that have files: every invoice the bureau issued, voided ones included (a voided paper invoice
 * keeps its number and its face). The file job renders these; the buyer's page shows them.
 */
export const HAS_FILES_STATUSES = [...ISSUED_STATUSES, 'void'] as const satisfies readonly InvoiceStatus[];

/** Blue invoices a red one can still be taken from: issued, or red-flushed in part (§6.1). */
export const RED_FLUSHABLE_STATUSES = ['issued', 'partly_red'] as const satisfies readonly InvoiceStatus[];

/** States where the bureau has answered (or the invoice was abandoned): nothing moves without a person. */
export const ANSWERED_STATUSES = [
  ...HAS_FILES_STATUSES,
  'failed',
] as const satisfies readonly InvoiceStatus[];

const among =
  <S extends string>(set: readonly S[]) =>
  (status: string | null | undefined): status is S =>
    status != null && (set as readonly string[]).includes(status);

export const isIssuedStatus = among(ISSUED_STATUSES);
export const hasFilesStatus = among(HAS_FILES_STATUSES);
export const isRedFlushableStatus = among(RED_FLUSHABLE_STATUSES);
export const isAnsweredStatus = among(ANSWERED_STATUSES);

import type { Db, invoiceRequests } from '@fpy/db';

export type RequestRecord = typeof invoiceRequests.$inferSelect;

/**
 * What a request's source does when the request ends one way or the other, in the transaction that moves the
 * request: scan-orders registers 'order' (a rejection reopens the order, an issue marks it invoiced); code-boards
 * may register 'board'. The dependency runs from the sources to invoice-requests, never back. Keyed by source:
 * registering again (a second app in one test process) replaces the hook.
 */
export type RequestSettledHook = (
  tx: Db,
  request: RequestRecord,
  how: 'rejected' | 'issued' | 'failed',
) => Promise<void>;

const hooks = new Map<string, RequestSettledHook>();

export function onRequestSettled(source: string, hook: RequestSettledHook) {
  hooks.set(source, hook);
}

export async function runSettledHook(tx: Db, request: RequestRecord, how: 'rejected' | 'issued' | 'failed') {
  await hooks.get(request.source)?.(tx, request, how);
}

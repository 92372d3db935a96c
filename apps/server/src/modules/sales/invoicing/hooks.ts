import type { Db, invoices } from '@fpy/db';
import type { VerbCtx } from '../../../http/verb-ctx.ts';
import { INVOICE_ISSUED_JOB } from './events.ts';

type Invoice = typeof invoices.$inferSelect;

/**
 * Reactions other modules register instead of being called by name: invoicing does not know red-letter or the
 * layout files exist, they plug in here from their own register(). Hooks are plain functions kept in a Set, so
 * registering the same one again (a second app in one test process) changes nothing.
 */
export type RedIssuedHook = (tx: Db, ctx: VerbCtx, red: Invoice) => Promise<void>;
const redIssued = new Set<RedIssuedHook>();

/** Runs inside the transaction that marks a red invoice 已开具 (red-letter moves its blue invoice there). */
export function onRedInvoiceIssued(hook: RedIssuedHook) {
  redIssued.add(hook);
}

export async function runRedIssuedHooks(tx: Db, ctx: VerbCtx, red: Invoice) {
  for (const hook of redIssued) await hook(tx, ctx, red);
}

/**
 * Jobs other modules want after an invoice reaches 已开具, enqueued with the same payload and options as
 * `invoice.issued` (after the commit, asked for together with it). invoice.issued has one processor (the layout
 * files); a module that also reacts (delivery's auto-send) names its own job here instead of sharing that one.
 */
const issuedJobs = new Set<string>([INVOICE_ISSUED_JOB]);

export function alsoEnqueueOnIssued(jobName: string) {
  issuedJobs.add(jobName);
}

/** `invoice.issued` first, then the registered follow-up jobs. */
export function issuedJobNames(): readonly string[] {
  return [...issuedJobs];
}

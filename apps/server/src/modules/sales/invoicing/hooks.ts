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

/** One invoice that changed state: which, from where to where, and its colour (red invoices reverse blue ones). */
export interface InvoiceMove {
  id: number;
  tenantId: number;
  from: string;
  to: string;
  colour: string;
}
/**
 * Runs inside the transaction that moves invoices between states (issuing → issued / failed, issued → void …),
 * with every invoice the statement moved: the open platform's webhooks write their events there, so a change and
 * the promise to announce it commit together.
 */
export type InvoiceMovedHook = (tx: Db, ctx: VerbCtx, moves: readonly InvoiceMove[]) => Promise<void>;
const moved = new Set<InvoiceMovedHook>();

export function onInvoiceMoved(hook: InvoiceMovedHook) {
  moved.add(hook);
}

/** Whether anyone listens: the settle paths open a transaction for the hooks only then. */
export const hasMovedHooks = () => moved.size > 0;

export async function runMovedHooks(tx: Db, ctx: VerbCtx, moves: readonly InvoiceMove[]) {
  if (!moves.length) return;
  for (const hook of moved) await hook(tx, ctx, moves);
}

/**
 * Jobs other modules want after an invoice reaches 已开具, enqueued with the same payload and options as
 * `invoice.issued` (after the commit, asked for together with it). invoice.issued has one processor (the layout
 * files); a module that also reacts (delivery's auto-send) names its own job here instead of sharing that one.
 */
/** Which issued invoices a follow-up job is for; without it, every one. */
export type IssuedFilter = (invoice: Pick<Invoice, 'clientSerial'>) => boolean;
const issuedJobs = new Map<string, IssuedFilter | undefined>([[INVOICE_ISSUED_JOB, undefined]]);

/**
 * `only` keeps a job off the invoices it can never concern (self-service's request job only for the serials it
 * hands over), so console issuing does not pay a queued job and a transaction per invoice for another module.
 */
export function alsoEnqueueOnIssued(jobName: string, only?: IssuedFilter) {
  issuedJobs.set(jobName, only);
}

/** `invoice.issued` first, then the registered follow-up jobs that concern this invoice. */
export function issuedJobNames(invoice: Pick<Invoice, 'clientSerial'>): readonly string[] {
  return [...issuedJobs].filter(([, only]) => !only || only(invoice)).map(([name]) => name);
}

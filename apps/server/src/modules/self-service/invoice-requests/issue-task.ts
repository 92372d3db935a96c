import type { CreateInvoiceBody } from '@fpy/contracts';
import { type Db, invoiceRequests } from '@fpy/db';
import { DEFAULT_RETRY_POLICY, ISSUED_STATUSES, type InvoiceType, type TaxRate } from '@fpy/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Services } from '../../../http/context.ts';
import type { VerbCtx } from '../../../http/verb-ctx.ts';
import { AppError } from '../../../lib/errors.ts';
import type { OutboxPolicy, OutboxTask, Outcome, Settled } from '../../platform/outbox/index.ts';
import { createDraft, enqueueIssue } from '../../sales/invoicing/index.ts';
import { runSettledHook } from './hooks.ts';
import { markIssued } from './issued.ts';

/** The outbox kind that hands an approved request to sales/invoicing (one task per request). */
export const ISSUE_REQUEST_KIND = 'self-service.issue-request';

export const issuePolicy: OutboxPolicy = {
  ...DEFAULT_RETRY_POLICY,
  queueDelayMaxMs: 60_000,
  now: () => new Date(),
  random: Math.random,
};

type Request = typeof invoiceRequests.$inferSelect;

/** Every invoice a request hands over has this serial prefix (how invoicing's issued hook tells them apart). */
export const REQUEST_SERIAL_PREFIX = 'ssr-';

/** The invoice a request asks for: the order's lines as they are (tax-inclusive), the buyer's title. */
export function invoiceBody(req: Request): CreateInvoiceBody {
  const t = req.title;
  return {
    // The client serial makes the hand-over idempotent: a replayed task finds the invoice it created.
    clientSerial: `${REQUEST_SERIAL_PREFIX}${req.id}`,
    type: req.invoiceType as InvoiceType,
    pricingMode: 'inclusive',
    buyer: {
      name: t.name,
      ...(t.taxNumber ? { taxNumber: t.taxNumber } : {}),
      naturalPerson: t.kind === 'person',
      ...(t.address ? { address: t.address } : {}),
      ...(t.phone ? { phone: t.phone } : {}),
      ...(t.bank ? { bank: t.bank } : {}),
      ...(t.account ? { account: t.account } : {}),
      ...(t.email ? { email: t.email } : {}),
    },
    remarks: t.remarks ?? null,
    lines: req.lines.map((l) => ({
      name: l.name,
      amount: l.amountFen,
      rate: (l.rate ?? 'rate_13') as TaxRate,
      ...(l.taxCode ? { taxCode: l.taxCode } : {}),
      ...(l.quantity ? { quantity: l.quantity } : {}),
      ...(l.unit ? { unit: l.unit } : {}),
      ...(l.spec ? { spec: l.spec } : {}),
    })),
    submit: true,
  };
}

/**
 * One attempt: the invoice through sales/invoicing's own create (the console's path: recompute, group commit,
 * idempotent on the client serial), the request moved to issuing with the invoice's id, then the issue job (its
 * queue, its retries). A replay after a crash finds the same invoice; an invoice already issued settles the
 * request at once. A refusal of the invoice (a rate the tax code does not allow …) fails the task: the seller
 * sees the reason on the request.
 */
export async function runIssueTask(services: Services, task: OutboxTask): Promise<Outcome> {
  const requestId = Number(task.ref);
  const [req] = await services.db.select().from(invoiceRequests).where(eq(invoiceRequests.id, requestId));
  if (!req || !['approved', 'issuing'].includes(req.state)) return { state: 'done' };
  const ctx: VerbCtx = {
    db: services.db,
    actor: {
      userId: req.reviewedBy ?? 0,
      name: req.reviewedByName ?? '自助开票',
      tenantId: req.tenantId,
      platform: false,
    },
    ip: null,
    jobs: services.jobs,
  };
  let invoice: Awaited<ReturnType<typeof createDraft>>['invoice'];
  try {
    ({ invoice } = await createDraft({ ctx, input: invoiceBody(req), submit: true }));
  } catch (err) {
    if (err instanceof AppError && err.httpStatus < 500)
      return { state: 'failed', code: err.code, message: err.message };
    throw err;
  }
  await services.db
    .update(invoiceRequests)
    .set({ state: 'issuing', invoiceId: invoice.id })
    .where(and(eq(invoiceRequests.id, req.id), inArray(invoiceRequests.state, ['approved', 'issuing'])));
  if ((ISSUED_STATUSES as readonly string[]).includes(invoice.status))
    await markIssued(services.db, invoice.tenantId, invoice.id);
  else if (invoice.status === 'ready') await enqueueIssue(ctx, invoice);
  return { state: 'done' };
}

/** A task that failed or died leaves its request failed, with the reason for the seller. */
export async function settleIssueTask(tx: Db, task: OutboxTask, settled: Settled) {
  if (settled.state !== 'failed' && settled.state !== 'dead') return;
  const [req] = await tx
    .update(invoiceRequests)
    .set({ state: 'failed', failReason: settled.message.slice(0, 500) })
    .where(
      and(eq(invoiceRequests.id, Number(task.ref)), inArray(invoiceRequests.state, ['approved', 'issuing'])),
    )
    .returning();
  if (req) await runSettledHook(tx, req, 'failed');
}

/**
 * 任务管理's 重新投递 of a dead or refused issue task: a request the task left failed goes back to approved (its
 * reason cleared) so the task's next run hands it over again; one still approved or issuing goes as it is; an
 * issued, rejected or pending request refuses (nothing to hand over).
 */
export async function redeliverIssueTask(tx: Db, task: OutboxTask): Promise<boolean> {
  const id = Number(task.ref);
  const [reopened] = await tx
    .update(invoiceRequests)
    .set({ state: 'approved', failReason: null })
    .where(and(eq(invoiceRequests.id, id), eq(invoiceRequests.state, 'failed')))
    .returning({ id: invoiceRequests.id });
  if (reopened) return true;
  const [req] = await tx
    .select({ state: invoiceRequests.state })
    .from(invoiceRequests)
    .where(eq(invoiceRequests.id, id));
  return !!req && ['approved', 'issuing'].includes(req.state);
}

import { randomBytes } from 'node:crypto';
import { deductionSelections } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { DeductionItem } from '../../../gateways/tax-bureau/gateway.ts';
import type { Services } from '../../../http/context.ts';
import { emitAudit, type Tx, withTransaction } from '../../../lib/write/index.ts';
import type { OutboxPolicy, OutboxTask, Outcome, Settled } from '../../platform/outbox/index.ts';

/** The outbox kind that sends one 勾选 / 撤销勾选 request to the bureau and settles its rows with the result. */
export const DEDUCTION_SUBMIT_KIND = 'purchase.deduction-submit';
export const AUDIT_SELECTION = 'deductionSelection';

/** The bureau answers asynchronously: poll soon, back off, give up after a day. */
export const deductionSubmitPolicy: OutboxPolicy = {
  baseMs: 1_000,
  maxDelayMs: 60_000,
  horizonMs: 24 * 3_600_000,
  maxAttempts: 0,
  queueDelayMaxMs: 60_000,
  now: () => new Date(),
  random: Math.random,
};

export interface SubmitPayload {
  action: 'select' | 'undo';
  tenantId: number;
  buyerTaxNumber: string;
  period: string;
  items: (DeductionItem & { selectionId: number })[];
}

/** One task per request: a fresh reference each time (a row may be selected, undone and selected again). */
export const taskRef = (action: string, firstId: number) =>
  `${action}:${firstId}:${randomBytes(8).toString('hex')}`;

/** The state a row has while its request is at the bureau, by action. */
const IN_FLIGHT = { select: 'selecting', undo: 'undoing' } as const;

/**
 * One attempt, outside any transaction: send the request once (its requestId kept on the rows, so a retry only
 * polls), then poll; a done result settles every row of the request in one transaction (ok: selected / undone;
 * refused: refused / back to selected, with the bureau's reason), audited. Pending → retry with backoff.
 */
export async function runSubmitTask(services: Services, task: OutboxTask): Promise<Outcome> {
  const p = task.payload as SubmitPayload;
  const ids = p.items.map((i) => i.selectionId);
  const inFlight = IN_FLIGHT[p.action];
  const rows = await services.db
    .select({ id: deductionSelections.id, requestId: deductionSelections.requestId })
    .from(deductionSelections)
    .where(
      and(
        eq(deductionSelections.tenantId, p.tenantId),
        inArray(deductionSelections.id, ids),
        eq(deductionSelections.state, inFlight),
      ),
    );
  if (!rows.length) return { state: 'done' };
  const gw = services.taxGatewayFor(services.db);
  let requestId = rows.find((r) => r.requestId)?.requestId ?? null;
  if (!requestId) {
    const req = {
      tenantId: p.tenantId,
      buyerTaxNumber: p.buyerTaxNumber,
      period: p.period,
      items: p.items
        .filter((i) => rows.some((r) => r.id === i.selectionId))
        .map(({ sellerCreditCode, number }) => ({ sellerCreditCode, number })),
    };
    ({ requestId } = p.action === 'select' ? await gw.selectForDeduction(req) : await gw.undoSelection(req));
    await services.db
      .update(deductionSelections)
      .set({ requestId })
      .where(
        and(
          eq(deductionSelections.tenantId, p.tenantId),
          inArray(
            deductionSelections.id,
            rows.map((r) => r.id),
          ),
          eq(deductionSelections.state, inFlight),
        ),
      );
  }
  const result = await gw.queryDeductionResult(p.buyerTaxNumber, requestId);
  if (result.state === 'pending')
    return { state: 'retry', code: 'BUREAU_PENDING', message: 'the bureau has not answered yet' };
  if (result.state === 'unknown') {
    // The bureau lost the request: forget it so the next attempt sends it again.
    await services.db
      .update(deductionSelections)
      .set({ requestId: null })
      .where(and(inArray(deductionSelections.id, ids), eq(deductionSelections.requestId, requestId)));
    return {
      state: 'retry',
      code: 'BUREAU_UNKNOWN_REQUEST',
      message: 'the bureau does not know the request',
    };
  }
  await withTransaction({ db: services.db }, async (tx) => {
    for (const item of p.items) {
      const answer = result.items.find(
        (r) => r.sellerCreditCode === item.sellerCreditCode && r.number === item.number,
      );
      if (!answer) continue;
      const ok = answer.outcome === 'ok';
      const to =
        p.action === 'select' ? (ok ? 'selected' : 'refused') : ok ? 'undone' : ('selected' as const);
      await settleRow(tx, p, item.selectionId, inFlight, to, ok ? null : (answer.reason ?? 'REFUSED'));
    }
  });
  return { state: 'done' };
}

async function settleRow(
  tx: Tx,
  p: SubmitPayload,
  selectionId: number,
  from: string,
  to: string,
  reason: string | null,
) {
  const moved = await tx
    .update(deductionSelections)
    .set({ state: to, reason })
    .where(
      and(
        eq(deductionSelections.tenantId, p.tenantId),
        eq(deductionSelections.id, selectionId),
        eq(deductionSelections.state, from),
      ),
    )
    .returning({ id: deductionSelections.id });
  if (!moved.length) return;
  await emitAudit(
    tx,
    { actor: null, ip: null },
    {
      tenantId: p.tenantId,
      resource: AUDIT_SELECTION,
      recordId: selectionId,
      action: `bureau_${to}`,
      changes: { period: p.period, from, to, reason },
    },
  );
}

/** Failed or dead (the bureau unreachable past the horizon): the rows leave 处理中 with the reason. */
export async function settleSubmitTask(tx: Tx, task: OutboxTask, settled: Settled) {
  if (settled.state === 'done' || settled.state === 'pending') return;
  const p = task.payload as SubmitPayload;
  const to = p.action === 'select' ? 'refused' : 'selected';
  for (const item of p.items)
    await settleRow(tx, p, item.selectionId, IN_FLIGHT[p.action], to, 'DEDUCTION_BUREAU_UNAVAILABLE');
}

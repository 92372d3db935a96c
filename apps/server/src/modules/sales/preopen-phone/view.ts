import type { InvoiceDetail, PreopenAppView } from '@fpy/contracts';
import { PREOPEN_CODE_RE } from '@fpy/contracts';
import { type Db, invoiceEvents, invoices, preopenPhoneAppCodes } from '@fpy/db';
import { isIssuedStatus } from '@fpy/domain';
import { and, eq, exists, sql } from 'drizzle-orm';
import type { Ctx } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';
import { toDetail } from '../invoicing/index.ts';
import { APPROVE, type Bound, miss, REJECT, RETRY, spend } from './device.ts';

type Invoice = typeof invoices.$inferSelect;

/** An invoice that went through review (a move into pending_review): the only ones the phone may see. */
export const appliedWhere = () =>
  exists(
    sql`(select 1 from ${invoiceEvents} where ${invoiceEvents.invoiceId} = ${invoices.id} and ${invoiceEvents.toStatus} = 'pending_review')`,
  );

const unknown = () => notFound('PREOPEN_APP_UNKNOWN');

/**
 * The application a phone asks for, by its QR code or by id, inside the bound user's tenant only. Unknown codes,
 * other tenants' codes and ids, and invoices that never were applications answer alike and cost a miss.
 */
export async function findApplication(ctx: Ctx, bound: Bound, ref: { code?: string; id?: number }) {
  let id = ref.id;
  if (ref.code !== undefined) {
    const code = PREOPEN_CODE_RE.test(ref.code) ? ref.code : '';
    await spend(ctx, 'preopen-phone-app-code', code);
    const [row] = await ctx.db
      .select({ invoiceId: preopenPhoneAppCodes.invoiceId })
      .from(preopenPhoneAppCodes)
      .where(and(eq(preopenPhoneAppCodes.code, code), eq(preopenPhoneAppCodes.tenantId, bound.tenantId)));
    if (!row) return miss(ctx, unknown());
    id = row.invoiceId;
  }
  if (id === undefined) return miss(ctx, unknown());
  const [inv] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.tenantId, bound.tenantId), appliedWhere()))
    .limit(1);
  if (!inv) return miss(ctx, unknown());
  return inv;
}

const DECISION = { ready: 'approved', draft: 'rejected', void: 'voided' } as const;

/** The current round: who applied, and the decision that closed it (events in id order). */
export function currentRound(events: InvoiceDetail['events']) {
  let applied: InvoiceDetail['events'][number] | undefined;
  let decided: InvoiceDetail['events'][number] | undefined;
  for (const e of events) {
    if (e.to === 'pending_review') {
      applied = e;
      decided = undefined;
    } else if (e.from === 'pending_review') decided = e;
  }
  return { applied, decided };
}

export function phaseOf(status: Invoice['status'], decided: boolean): PreopenAppView['phase'] {
  if (status === 'pending_review') return 'pending';
  if (status === 'ready' || status === 'issuing') return 'processing';
  if (status === 'failed') return 'failed';
  if (isIssuedStatus(status)) return 'issued';
  if (status === 'draft' && decided) return 'rejected';
  return 'closed';
}

export async function appView(db: Db, bound: Bound, inv: Invoice): Promise<PreopenAppView> {
  const d = await toDetail(db, inv);
  const { applied, decided } = currentRound(d.events);
  const applicantId = applied?.actorId ?? inv.createdBy;
  const own = applicantId === bound.userId;
  const pending = inv.status === 'pending_review';
  const kind = decided ? (DECISION[decided.to as keyof typeof DECISION] ?? 'voided') : null;
  return {
    id: d.id,
    status: d.status,
    statusLabel: d.statusLabel,
    phase: phaseOf(inv.status, !!decided),
    type: d.type,
    sellerName: d.sellerName,
    buyerName: d.buyerName,
    buyerTaxNumber: d.buyerTaxNumber,
    amountFen: d.amountFen,
    taxFen: d.taxFen,
    totalFen: d.totalFen,
    remarks: d.remarks,
    lines: d.lines.map((l) => ({
      name: l.name,
      spec: l.spec,
      unit: l.unit,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      rate: l.rate,
      amountFen: l.amountFen,
      taxFen: l.taxFen,
    })),
    applicantName: applied?.actorName ?? null,
    appliedAt: applied?.at ?? null,
    own,
    decision:
      decided && kind
        ? {
            by: decided.actorName,
            at: decided.at,
            kind,
            reason: decided.reason,
            mine: decided.actorId === bound.userId,
          }
        : null,
    number: d.number,
    issuedAt: d.issuedAt,
    failureReason: d.failureReason,
    canApprove: pending && !own && bound.codes.has(APPROVE),
    canReject: pending && bound.codes.has(REJECT),
    canRetry: inv.status === 'failed' && RETRY.some((c) => bound.codes.has(c)),
  };
}

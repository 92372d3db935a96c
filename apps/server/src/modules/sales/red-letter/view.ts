import {
  RED_FORM_STATE_CODE,
  type RedFormDetail,
  type RedFormRow,
  type RedFormStateName,
  type RedReason,
} from '@fpy/contracts';
import { type Db, invoices, type redLetterForms } from '@fpy/db';
import type { InvoiceStatus } from '@fpy/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FormLine } from './blue-lines.ts';

type Form = typeof redLetterForms.$inferSelect;
type Invoice = typeof invoices.$inferSelect;

export const FORM_STATE_LABEL: Record<RedFormStateName, string> = {
  applying: '申请中',
  no_confirmation_needed: '无需确认',
  pending_buyer: '销方录入待购方确认',
  pending_seller: '购方录入待销方确认',
  confirmed: '购销双方已确认',
  void_buyer_refused: '作废（销方录入购方否认）',
  void_seller_refused: '作废（购方录入销方否认）',
  void_expired: '作废（超72小时未确认）',
  void_revoked: '作废（发起方已撤销）',
  void_revoked_after_confirm: '作废（确认后撤销）',
  void_abnormal: '作废（异常凭证）',
};

const link = (r: Invoice) => ({
  id: r.id,
  number: r.number,
  status: r.status as InvoiceStatus,
  totalFen: r.totalFen,
  failureReason: r.failureReason,
});

/** The red invoice of each form: the one issued with it, or the one in flight (its serial is unique per form). */
export async function redInvoicesOf(db: Db, forms: Form[]) {
  const ids = forms.map((f) => f.id);
  const map = new Map<number, ReturnType<typeof link>>();
  if (!ids.length) return map;
  const rows = await db
    .select()
    .from(invoices)
    // Through the blue invoices: invoices_blue_idx serves this, red_form_id has no index of its own.
    .where(
      and(
        inArray(invoices.blueInvoiceId, [...new Set(forms.map((f) => f.blueInvoiceId))]),
        inArray(invoices.redFormId, ids),
        eq(invoices.colour, 'red'),
      ),
    );
  for (const r of rows) {
    const form = forms.find((f) => f.id === r.redFormId);
    // Tenant check by row: a form's red invoice always belongs to the form's tenant.
    if (form && form.tenantId === r.tenantId) map.set(form.id, link(r));
  }
  return map;
}

export function toRow(f: Form, red: ReturnType<typeof link> | undefined): RedFormRow {
  const state = f.state as RedFormStateName;
  return {
    id: f.id,
    tenantId: f.tenantId,
    blueInvoiceId: f.blueInvoiceId,
    blueNumber: f.blueNumber,
    formNo: f.formNo,
    initiator: f.initiator as 'seller' | 'buyer',
    reason: f.reason as RedReason,
    state,
    stateCode: RED_FORM_STATE_CODE[state] ?? '',
    partial: f.partial === 1,
    amountFen: f.amountFen,
    taxFen: f.taxFen,
    totalFen: f.totalFen,
    deadline: f.deadline?.toISOString() ?? null,
    redInvoice: red ?? null,
    remarks: f.remarks,
    createdAt: f.createdAt.toISOString(),
  };
}

export async function toFormDetail(db: Db, f: Form): Promise<RedFormDetail> {
  const [reds, [blue]] = await Promise.all([
    redInvoicesOf(db, [f]),
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, f.blueInvoiceId), eq(invoices.tenantId, f.tenantId))),
  ]);
  return {
    ...toRow(f, reds.get(f.id)),
    lines: (f.lines as FormLine[]).map((l) => ({
      blueLineNo: l.blueLineNo,
      name: l.name,
      quantity: l.quantity,
      amountFen: l.amountFen,
      taxFen: l.taxFen,
    })),
    blue: {
      id: blue.id,
      number: blue.number,
      status: blue.status as InvoiceStatus,
      buyerName: blue.buyerName,
      amountFen: blue.amountFen,
      taxFen: blue.taxFen,
      totalFen: blue.totalFen,
      issuedAt: blue.issuedAt?.toISOString() ?? null,
    },
  };
}

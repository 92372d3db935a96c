import type { CheckElements, CheckRecordView } from '@fpy/contracts';
import { CHECK_FIELD_TEXTS, CHECK_STATE_TEXTS, local } from '@fpy/contracts';
import { type Db, expenseClaimInvoices, expenseClaims } from '@fpy/db';
import { purchaseInvoiceKey } from '@fpy/domain';
import { randomBytes } from 'node:crypto';
import type { AuthedCtx } from '../../../../http/context.ts';
import { isUniqueViolation } from '../../../../lib/db-errors.ts';
import { badRequest, businessError } from '../../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { ownTaxNumber, ownTenant, runCheck } from '../../checks/index.ts';
import { logDuplicateReimbursement } from '../../warnings/index.ts';
import { claimInvoiceView, claimView, holdersOf } from '../views.ts';

const shanghaiStamp = (d: Date) =>
  new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** yyyyMMdd in Asia/Shanghai + 6 random hex: unique per company (the index decides). */
const newClaimNo = () =>
  `BX${new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(3).toString('hex').toUpperCase()}`;

interface Input {
  title: string;
  remark?: string | null;
  invoices: CheckElements[];
}

/**
 * 提交报销单 (issue 31, lane CHECK). Each invoice is checked with the bureau (the checks appear in 查验记录) and must
 * be genuine, in a normal state and addressed to the company (or to no company: a 普票 to a person). An invoice
 * another claim already holds is refused with that claim, its claimant and the time, and the attempt is logged for
 * 发票预警. Two claims racing for one invoice: the unique (tenant, invoice key) index lets one commit; the other
 * rolls back whole and gets the same refusal. Deduction by lane DEDUCT is asked through its face once it exists.
 */
export async function createClaim(ctx: AuthedCtx, input: Input) {
  const tenantId = ownTenant(ctx.actor);
  const keys = input.invoices.map((e) => purchaseInvoiceKey(e));
  const seen = new Set<string>();
  keys.forEach((k, i) => {
    if (seen.has(k)) throw badRequest('INVOICE_TWICE_IN_CLAIM', { invoice: input.invoices[i].number });
    seen.add(k);
  });
  await refuseHeld(ctx, tenantId, keys, input.invoices, []);

  const ownTax = await ownTaxNumber(ctx.db, tenantId);
  const checked: CheckRecordView[] = [];
  for (const e of input.invoices) {
    const rec = await runCheck(ctx, e, 'single');
    const invoice = rec.number;
    if (rec.result === 'not_found') throw badRequest('INVOICE_NOT_GENUINE.not_found', { invoice });
    if (rec.result === 'failed') throw businessError('INVOICE_NOT_GENUINE.failed', { invoice });
    if (rec.result === 'mismatch') {
      const names = rec.mismatch.map(
        (f) => CHECK_FIELD_TEXTS[f as keyof typeof CHECK_FIELD_TEXTS] ?? { zh: f, en: f },
      );
      throw badRequest('INVOICE_NOT_GENUINE.mismatch', {
        invoice,
        fields: local(names.map((n) => n.zh).join('、'), names.map((n) => n.en).join(', ')),
      });
    }
    const inv = rec.invoice!;
    if (inv.state !== 'normal') {
      const s = CHECK_STATE_TEXTS[inv.state];
      throw badRequest('INVOICE_NOT_GENUINE.state', { invoice, state: local(s.zh, s.en) });
    }
    if (inv.buyerTaxNumber && inv.buyerTaxNumber !== ownTax)
      throw badRequest('INVOICE_OTHER_BUYER', { invoice, taxNumber: inv.buyerTaxNumber });
    checked.push(rec);
  }

  const totalFen = checked.reduce((s, r) => s + r.invoice!.totalFen, 0);
  try {
    return await withTransaction(ctx, async (tx: Db) => {
      const [claim] = await tx
        .insert(expenseClaims)
        .values({
          tenantId,
          claimNo: newClaimNo(),
          title: input.title,
          remark: input.remark ?? null,
          totalFen,
          claimantId: ctx.actor.userId,
          claimantName: ctx.actor.name,
        })
        .returning();
      const rows = await tx
        .insert(expenseClaimInvoices)
        .values(
          checked.map((r) => ({
            tenantId,
            claimId: claim.id,
            invoiceKey: r.invoiceKey,
            code: r.code,
            number: r.number,
            issueDate: r.issueDate,
            invoiceType: r.invoice!.type,
            sellerName: r.invoice!.sellerName,
            amountFen: r.invoice!.amountFen,
            taxFen: r.invoice!.taxFen,
            totalFen: r.invoice!.totalFen,
            checkRecordId: r.id,
          })),
        )
        .returning();
      await emitAudit(tx, ctx, {
        tenantId,
        resource: 'expenseClaim',
        recordId: claim.id,
        action: 'create',
        changes: { claimNo: claim.claimNo, title: claim.title, totalFen, invoices: keys },
      });
      return { ...claimView(claim, rows.length), invoices: rows.map(claimInvoiceView) };
    });
  } catch (err) {
    if (!isUniqueViolation(err, 'expense_claim_invoices_key_uq')) throw err;
    // Lost the race: another claim committed one of these invoices first.
    await refuseHeld(ctx, tenantId, keys, input.invoices, checked);
    throw err;
  }
}

/** Refuses (409) when another claim holds one of the keys, after logging the attempt for 发票预警. */
async function refuseHeld(
  ctx: AuthedCtx,
  tenantId: number,
  keys: string[],
  invoices: CheckElements[],
  checked: CheckRecordView[],
) {
  const held = await holdersOf(ctx.db, tenantId, keys);
  if (!held.length) return;
  const h = held[0];
  const i = keys.indexOf(h.invoiceKey);
  const e = invoices[i];
  const inv = checked.find((c) => c.invoiceKey === h.invoiceKey)?.invoice ?? null;
  const at = shanghaiStamp(h.at);
  await logDuplicateReimbursement(ctx, tenantId, {
    invoiceKey: h.invoiceKey,
    number: e.number,
    code: e.code ?? null,
    sellerName: inv?.sellerName ?? null,
    totalFen: inv?.totalFen ?? e.totalFen ?? e.amountFen ?? null,
    claimNo: h.claimNo,
    heldBy: h.claimantName,
    heldAt: at,
  });
  throw businessError('INVOICE_ALREADY_REIMBURSED', {
    invoice: e.number,
    who: h.claimantName,
    at,
    claimNo: h.claimNo,
  });
}

import { ORDER_STATE_TEXTS, local, type BuyerRequestView } from '@fpy/contracts';
import { type Db, scanOrders } from '@fpy/db';
import {
  approvalNeeded,
  type BuyerTitle,
  checkBuyerTitle,
  normalizeBuyerTitle,
  orderViewState,
  SELF_SERVICE_INVOICE_TYPES,
  type SelfServiceInvoiceType,
  titleErrors,
} from '@fpy/domain';
import { TITLE_PROBLEM_TEXTS } from '@fpy/contracts';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Ctx } from '../../../../http/context.ts';
import { badRequest, businessError } from '../../../../lib/errors.ts';
import { withTransaction } from '../../../../lib/write/index.ts';
import { afterSubmit, buyerView, submitRequest } from '../../invoice-requests/index.ts';
import { readTitleSettings } from '../../titles/index.ts';
import { resolveOrder } from '../public.ts';

type Order = typeof scanOrders.$inferSelect;

/**
 * The buyer's ask on an order code. The amount and lines are the order's, never the buyer's. In ONE transaction:
 * the claim (open → requested, a conditional update that also checks the expiry, so of 20 taps or two phones
 * racing — on one instance or several — exactly one wins) and the request (invoice-requests' submitRequest,
 * auto-approved when the tenant's rule says so). Losers are told the order's state; the page then shows the
 * winner's result.
 */
export async function submitOrder(
  ctx: Ctx,
  code: string,
  body: { invoiceType: string; title: BuyerTitle },
): Promise<BuyerRequestView> {
  const order = await resolveOrder(ctx, code);
  const settings = await readTitleSettings(ctx.db, order.tenantId);
  if (!settings.scanInvoice.enabled) throw businessError('ORDER_SELF_SERVICE_OFF');
  const rules = settings.scanTitle;
  const type = body.invoiceType as SelfServiceInvoiceType;
  if (!SELF_SERVICE_INVOICE_TYPES.includes(type) || !rules.invoiceTypes.includes(type))
    throw badRequest('ORDER_INVOICE_TYPE_REFUSED');
  const title = normalizeBuyerTitle(body.title);
  const problems = checkBuyerTitle(title, type, rules);
  const errors = titleErrors(problems);
  if (errors.length)
    throw badRequest(
      'ORDER_TITLE_INVALID',
      {
        problems: local(
          errors.map((p) => TITLE_PROBLEM_TEXTS[p.code].zh).join('；'),
          errors.map((p) => TITLE_PROBLEM_TEXTS[p.code].en).join('; '),
        ),
      },
      { problems: errors },
    );
  const submitted = await askOnOrder(
    ctx,
    order,
    type,
    title,
    !approvalNeeded(rules.approval, order.amountFen),
  );
  await afterSubmit(ctx, submitted);
  return buyerView(submitted.record);
}

/**
 * The claim and the request in one transaction (the public submit after its checks; the demo seed). Throws
 * ORDER_NOT_OPEN with the order's state when the claim finds it no longer open (another tap won, voided, expired).
 */
export async function askOnOrder(
  ctx: { db: Db; ip: string | null },
  order: Order,
  type: SelfServiceInvoiceType,
  title: BuyerTitle,
  autoApprove: boolean,
) {
  const now = new Date();
  const submitted = await withTransaction(ctx, async (tx) => {
    const [claimed] = await tx
      .update(scanOrders)
      .set({ state: 'requested' })
      .where(
        and(
          eq(scanOrders.id, order.id),
          eq(scanOrders.state, 'open'),
          or(isNull(scanOrders.expiresAt), gt(scanOrders.expiresAt, now)),
        ),
      )
      .returning();
    if (!claimed) return null;
    const result = await submitRequest(
      tx,
      { actor: null, ip: ctx.ip },
      {
        tenantId: claimed.tenantId,
        source: 'order',
        sourceId: claimed.id,
        amountFen: claimed.amountFen,
        invoiceType: type,
        lines: claimed.lines,
        title,
        autoApprove,
      },
    );
    await tx.update(scanOrders).set({ requestId: result.id }).where(eq(scanOrders.id, claimed.id));
    return result;
  });
  if (!submitted) {
    const [current] = await ctx.db.select().from(scanOrders).where(eq(scanOrders.id, order.id));
    const s = ORDER_STATE_TEXTS[orderViewState(current ?? order, now)];
    throw businessError('ORDER_NOT_OPEN', { state: local(s.zh, s.en) });
  }
  return submitted;
}

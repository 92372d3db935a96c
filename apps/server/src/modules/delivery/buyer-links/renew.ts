import type { Ctx } from '../../../http/context.ts';
import { businessError } from '../../../lib/errors.ts';
import { loadDeliverySettings } from '../dispatch/index.ts';
import { linkInvoices } from './face.ts';
import { isExpired, type LinkRow } from './resolve.ts';
import { withTransaction } from '../../../lib/write/index.ts';
import { recordOutsideEvent } from '../../sales/invoicing/index.ts';
import { renewShortLink } from '../short-links/index.ts';

const DAY_MS = 86_400_000;

/**
 * 延期 (/smsExtend): the buyer of an expired link extends it once, by the link lifetime the seller set
 * (/invoicePlat/zzsdzfp linkTtlDays; 0 there means links no longer expire, so the renewed link does not
 * either). Refused, each with its own message: a link still valid (nothing to do), one already renewed (the
 * seller must send again), one the seller disabled (410, as when opening it), a link whose invoices are all
 * voided. The conditional UPDATE (renewed_at IS NULL) makes two renewals racing end in one; the invoice's
 * history records it in the same transaction (actor: the buyer, with the IP).
 */
export async function renewLink(
  ctx: Ctx,
  link: LinkRow,
  now = new Date(),
): Promise<{ expiresAt: string | null }> {
  if (!isExpired(link, now)) throw businessError('BUYER_LINK_RENEW_NOT_NEEDED');
  if (link.renewedAt) throw businessError('BUYER_LINK_RENEW_USED');
  const list = await linkInvoices(ctx.db, link);
  if (list.length && list.every((i) => i.status === 'void')) throw businessError('BUYER_INVOICE_VOID');
  const days = (await loadDeliverySettings(ctx.db, link.tenantId)).linkTtlDays;
  const expiresAt = days === 0 ? null : new Date(now.getTime() + days * DAY_MS);
  const done = await withTransaction(ctx, async (tx) => {
    if (!(await renewShortLink(tx, link.code, expiresAt, now))) return false;
    const first = list[0];
    if (first) {
      const until = expiresAt ? expiresAt.toISOString().slice(0, 10) : '长期有效';
      await recordOutsideEvent(
        tx,
        { name: '购买方（发票链接）', ip: ctx.ip },
        { id: first.id, tenantId: link.tenantId, status: first.status },
        `购买方申请发票链接延期至 ${until}${list.length > 1 ? `（批量链接，共${list.length}张）` : ''}`,
      );
    }
    return true;
  });
  if (!done) throw businessError('BUYER_LINK_RENEW_USED');
  return { expiresAt: expiresAt?.toISOString() ?? null };
}

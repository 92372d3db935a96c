import type { BuyerDeliveryReply, BuyerTarget } from '@fpy/contracts';
import type { Ctx } from '../../../http/context.ts';
import { tooManyRequests } from '../../../lib/errors.ts';
import { requestDelivery } from '../dispatch/index.ts';
import { linkInvoice } from './face.ts';
import { downloadable } from './files.ts';
import type { LinkRow } from './resolve.ts';
import { deliveryReply, latestDelivery, recipientOf } from './status.ts';

/**
 * Sends per link and hour, on top of the per-IP route budget: whoever holds a link could otherwise use it to
 * mail-bomb an address (SMS has the pipeline's per-number limits as well; e-mail has only this).
 */
export const SENDS_PER_LINK_PER_HOUR = 10;

/**
 * The buyer sends the link's invoice to an e-mail address (转发) or its link to a mobile (短信获取). The
 * pipeline applies everything a console send does — SMS quota, blacklist, frequency limits, idempotency per
 * invoice + channel + recipient — and the reply is the delivery's state at once (usually queued); the progress
 * page then polls the status call.
 */
export async function sendFromLink(ctx: Ctx, link: LinkRow, t: BuyerTarget): Promise<BuyerDeliveryReply> {
  const inv = downloadable(await linkInvoice(ctx.db, link, t.n));
  const perLink = ctx.limiter('buyer-send-link', SENDS_PER_LINK_PER_HOUR, 3600);
  if (!(await perLink.consume(link.code)).ok) throw tooManyRequests();
  // The buyer acts without an account (actor null); an address that already has its record answers that
  // record (the pipeline is idempotent per invoice + channel + recipient), so the page shows how it went.
  const { delivery } = await requestDelivery({
    ctx: { db: ctx.db, jobs: ctx.jobs, actor: null },
    input: {
      tenantId: link.tenantId,
      invoiceId: inv.id,
      channel: t.channel,
      recipient: recipientOf(t),
      trigger: 'forward',
    },
  });
  return deliveryReply(t, delivery);
}

export async function deliveryStatus(ctx: Ctx, link: LinkRow, t: BuyerTarget): Promise<BuyerDeliveryReply> {
  const inv = await linkInvoice(ctx.db, link, t.n);
  return deliveryReply(t, await latestDelivery(ctx.db, link.tenantId, inv.id, t));
}

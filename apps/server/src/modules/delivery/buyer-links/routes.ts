import {
  buyerPageUrl,
  downloadBuyerFile,
  downloadBuyerZip,
  getBuyerDeliveryStatus,
  getBuyerLink,
  openShortLink,
  renewBuyerLink,
  sendBuyerInvoice,
} from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { linkReply } from './face.ts';
import { sendLinkFile, sendLinkZip } from './files.ts';
import { renewLink } from './renew.ts';
import { resolveLink } from './resolve.ts';
import { deliveryStatus, sendFromLink } from './send.ts';

/** The buyer's public calls: each resolves the code first (the only credential), then stays inside its link. */
export function registerBuyerLinkRoutes(app: FastifyInstance) {
  route(app, getBuyerLink, async (ctx, { params, query }) =>
    linkReply(ctx.db, await resolveLink(ctx, params.code, { open: query.open === '1' })),
  );

  route(app, downloadBuyerFile, async (ctx, { params, query, reply }) =>
    sendLinkFile(ctx.db, reply, await resolveLink(ctx, params.code), query.n, params.format),
  );

  route(app, downloadBuyerZip, async (ctx, { params, reply }) =>
    sendLinkZip(ctx.db, reply, await resolveLink(ctx, params.code)),
  );

  route(app, sendBuyerInvoice, async (ctx, { params, body }) =>
    sendFromLink(ctx, await resolveLink(ctx, params.code), body),
  );

  route(app, getBuyerDeliveryStatus, async (ctx, { params, body }) =>
    deliveryStatus(ctx, await resolveLink(ctx, params.code), body),
  );

  route(app, renewBuyerLink, async (ctx, { params }) =>
    renewLink(ctx, await resolveLink(ctx, params.code, { allowExpired: true })),
  );

  // SMS carry /s/<code>: the redirect looks nothing up, so it tells a guesser nothing; the page resolves it.
  route(app, openShortLink, async (_ctx, { params, reply }) =>
    reply.header('cache-control', 'no-store').redirect(buyerPageUrl(params.code), 302),
  );
}

import {
  buyerPageUrl,
  getPublicWallet,
  getPublicWalletQr,
  insertPublicWalletCard,
  WALLET_PLATFORMS,
  WALLET_ROUTES,
  walletNotify,
} from '@fpy/contracts';
import { walletAccounts, walletCards } from '@fpy/db';
import { count, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { scoped } from '../../../data/tenant-scope.ts';
import { likePattern, offsetOf } from '../../../data/paging.ts';
import { GatewayRefusal } from '../../../gateways/kit/index.ts';
import { route } from '../../../http/route.ts';
import { publicBaseUrl } from '../../../lib/public-address.ts';
import { badRequest, unauthenticated } from '../../../lib/errors.ts';
import { accountView } from './account-views.ts';
import { cardRows } from './cards.ts';
import { openLink, walletView } from './public.ts';
import { requestInsert } from './verbs/request-insert.ts';
import { retryCards } from './verbs/retry-cards.ts';
import { deleteAccount, saveAccount } from './verbs/save-account.ts';

export async function registerWalletRoutes(app: FastifyInstance) {
  for (const platform of WALLET_PLATFORMS) {
    const r = WALLET_ROUTES[platform];
    route(app, r.listAccounts, async (ctx) => {
      const rows = await ctx.db
        .select()
        .from(walletAccounts)
        .where(scoped(ctx, walletAccounts).where(eq(walletAccounts.platform, platform)))
        .orderBy(walletAccounts.priority, walletAccounts.id);
      return { rows: rows.map(accountView) };
    });
    route(app, r.createAccount, async (ctx, { body }) => saveAccount(ctx, platform, null, body));
    route(app, r.updateAccount, async (ctx, { params, body }) => saveAccount(ctx, platform, params.id, body));
    route(app, r.deleteAccount, async (ctx, { params }) => deleteAccount(ctx, platform, params.id));
    route(app, r.listCards, async (ctx, { query }) => {
      const where = scoped(ctx, walletCards).where(
        eq(walletCards.platform, platform),
        query.state ? eq(walletCards.state, query.state) : undefined,
        query.invoiceNumber ? like(walletCards.invoiceNumber, likePattern(query.invoiceNumber)) : undefined,
      );
      const [rows, [{ n }]] = await Promise.all([
        ctx.db
          .select()
          .from(walletCards)
          .where(where)
          .orderBy(desc(walletCards.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        ctx.db.select({ n: count() }).from(walletCards).where(where),
      ]);
      return { rows: await cardRows(ctx.db, rows), total: n };
    });
    route(app, r.retryCards, async (ctx, { body }) => retryCards(ctx, platform, body.ids));
  }

  route(app, getPublicWallet, async (ctx, { params, query }) => walletView(ctx, params.code, query.buyer));
  route(app, insertPublicWalletCard, async (ctx, { params, body }) => requestInsert(ctx, params.code, body));
  route(app, getPublicWalletQr, async (ctx, { params, reply }) => {
    const { link } = await openLink(ctx, params.code, 'read');
    const url = `${publicBaseUrl(ctx.config)}${buyerPageUrl(link.code)}`;
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'private, no-store')
      .send(svg);
  });

  // The platforms sign the raw body: this route alone reads JSON and forms as text (an encapsulated context, so
  // every other route keeps the usual parsers). Awaited: the route is declared before the OpenAPI document is built.
  await app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json', 'application/x-www-form-urlencoded']);
    scope.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded', 'text/plain'],
      { parseAs: 'string', bodyLimit: walletNotify.bodyLimit },
      (_req, body, done) => done(null, body),
    );
    route(scope, walletNotify, async (ctx, { params, body, req, reply }) => {
      try {
        await ctx.gateways.wallet.acceptCallback(params.platform, params.id, req.headers, body);
      } catch (err) {
        if (!(err instanceof GatewayRefusal)) throw err;
        if (err.code === 'WALLET_SIGNATURE_INVALID') throw unauthenticated('WALLET_SIGNATURE_INVALID');
        throw badRequest('WALLET_NOTICE_INVALID');
      }
      // Alipay reads the word `success`; WeChat Pay a 200 with SUCCESS.
      if (params.platform === 'alipay') return reply.type('text/plain').send('success');
      return { code: 'SUCCESS', message: '成功' };
    });
  });
}

import { createHash, timingSafeEqual } from 'node:crypto';
import {
  MAIL_BOUNCE_MAX_BYTES,
  pushAliyunReceipts,
  pushMailBounce,
  pushTencentReceipts,
} from '@fpy/contracts';
import { type Db, messageProviders } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Receipt } from '../../../../gateways/messaging/gateway.ts';
import { route } from '../../../../http/route.ts';
import { notFound } from '../../../../lib/errors.ts';
import { parseBeijingTime } from '../adapters/beijing-time.ts';
import { domainOf } from '../adapters/smtp.ts';
import { readBounce } from './bounce.ts';
import { deliverReceipts } from './registry.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether `token` is the receipt token of account `id` of `kind`. Compared as digests in constant time; an
 * unknown account and a wrong token are refused alike (the caller learns nothing about which ids exist).
 */
async function knownAccount(db: Db, id: number, kind: 'aliyun' | 'tencent' | 'smtp', token: string) {
  const [row] = await db
    .select({ kind: messageProviders.kind, config: messageProviders.config })
    .from(messageProviders)
    .where(eq(messageProviders.id, id));
  const expected = (row?.config as { callbackToken?: unknown } | undefined)?.callbackToken;
  const ok =
    row?.kind === kind &&
    typeof expected === 'string' &&
    expected.length > 0 &&
    timingSafeEqual(digest(expected), digest(token));
  if (!ok) throw notFound();
  return row.config as Record<string, unknown>;
}

/**
 * Receipts pushed by the providers (状态报告回调). Each account has its own URL with its own token (shown on the
 * provider page, entered in the provider's console); the public-write budget limits every IP.
 */
export function registerReceiptRoutes(app: FastifyInstance) {
  // A bounce arrives as the raw message. Kept byte for byte as a latin1 string (one char per byte) so the
  // contract can bound it as a string; the route turns it back into the bytes (text/plain comes as UTF-8).
  app.addContentTypeParser(
    'message/rfc822',
    { parseAs: 'buffer', bodyLimit: MAIL_BOUNCE_MAX_BYTES },
    (_req, body, done) => done(null, (body as Buffer).toString('latin1')),
  );

  route(app, pushMailBounce, async (ctx, { params, query, body, req }) => {
    const config = await knownAccount(ctx.db, params.id, 'smtp', query.token);
    const raw = /^message\/rfc822/i.test(req.headers['content-type'] ?? '')
      ? Buffer.from(body, 'latin1')
      : Buffer.from(body, 'utf8');
    const { receipts } = await readBounce(raw, {
      providerId: params.id,
      domain: domainOf(typeof config.from === 'string' ? config.from : ''),
    });
    await deliverReceipts(ctx.gateways.messaging, receipts, (err) =>
      ctx.log.error({ err }, 'receipt handler failed'),
    );
    return { ok: true as const, receipts: receipts.length };
  });

  route(app, pushAliyunReceipts, async (ctx, { params, query, body }) => {
    await knownAccount(ctx.db, params.id, 'aliyun', query.token);
    const receipts: Receipt[] = body.map((r) => ({
      providerId: params.id,
      providerMessageId: r.biz_id,
      status: r.success ? 'delivered' : 'failed',
      code: r.err_code ?? (r.success ? 'DELIVERED' : 'FAILED'),
      message: r.err_msg ?? null,
      at: parseBeijingTime(r.report_time) ?? new Date(),
    }));
    await deliverReceipts(ctx.gateways.messaging, receipts, (err) =>
      ctx.log.error({ err }, 'receipt handler failed'),
    );
    // 阿里云 expects exactly this answer; anything else makes it push again.
    return { code: 0, msg: '接收成功' };
  });

  route(app, pushTencentReceipts, async (ctx, { params, query, body }) => {
    await knownAccount(ctx.db, params.id, 'tencent', query.token);
    const receipts: Receipt[] = body.map((r) => ({
      providerId: params.id,
      providerMessageId: r.sid,
      status: r.report_status === 'SUCCESS' ? 'delivered' : 'failed',
      code: r.errmsg ?? r.report_status,
      message: r.description ?? null,
      at: parseBeijingTime(r.user_receive_time) ?? new Date(),
    }));
    await deliverReceipts(ctx.gateways.messaging, receipts, (err) =>
      ctx.log.error({ err }, 'receipt handler failed'),
    );
    return { result: 0, errmsg: 'OK' };
  });
}

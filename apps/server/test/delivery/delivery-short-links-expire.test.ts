import { resourceChanges, shortLinks } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueInvoice } from './delivery-dispatch-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';

/**
 * 立即到期 on /invoicePlat/shorturl: a link's validity ends now, so its buyer sees the expired page (and may ask
 * for a renewal) — what the delivery-flow browser test uses to show a link that really expired. Only the
 * caller's own live links change; audited.
 */
const app = useTestApp();
const EXPIRE = '/api/admin/v1/plat/short-links/expire';
let demo: string;
let brand: string;
let code: string;

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  const inv = await issueInvoice(app(), demo, { email: 'expire-me@example.com' });
  await app().services.jobs.drain();
  const [link] = await app().services.db.select().from(shortLinks).where(eq(shortLinks.invoiceId, inv.id));
  code = link.code;
});

const post = (token: string, codes: string[]) =>
  app().app.inject({ method: 'POST', url: EXPIRE, headers: bearer(token), payload: { codes } });
const open = () => app().app.inject({ url: `/api/public/delivery/links/${code}` });

describe('short links expire now', () => {
  it("ends only the caller's live links, audited, and the buyer's link then answers expired", async () => {
    expect((await open()).statusCode).toBe(200);

    const foreign = await post(brand, [code]);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().code).toBe('SHORT_LINKS_NONE');
    expect((await open()).statusCode).toBe(200);

    const res = await post(demo, [code, 'NoSuchCode0001']);
    expect(res.json()).toEqual({ updated: 1 });
    const expired = await open();
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('BUYER_LINK_EXPIRED');

    // Already expired: nothing to do.
    const again = await post(demo, [code]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('所选短链接不存在、已停用或已过期');

    const audits = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'shortLinks'), eq(resourceChanges.action, 'expire')));
    expect(audits.map((a) => (a.changes as { code: string }).code)).toEqual([code]);
  });
});

import { customers, dictTypes, storedFiles, users } from '@fpy/db';
import { defineResource, imageUrlSchema } from '@fpy/resources';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindResource, type ImageStore } from '../../src/crud/bind.ts';
import { registerResource } from '../../src/crud/register.ts';
import type { FileStore } from '../../src/lib/file-store.ts';
import { storeImage } from '../../src/modules/platform/base/index.ts';
import { bareUserToken, createTestApp, type TestApp } from '../harness.ts';
import { JPEG_BYTES, multipart, PNG_BYTES, SVG_OK, SVG_SCRIPT, upload } from '../platform/base-helpers.ts';

/**
 * The image rung of declared resources (issue 29 §5, commit 0562724): a resource with a writable image field
 * gets POST <base>/images with its add or edit code, stored by the uploads module (re-encoded, random name)
 * and served sandboxed; the field itself takes only such an address. No product resource has an image field
 * yet, so two are bound for this test only, with the store a module passes (base's storeImage, the caller's
 * company): a company's (on customers) and a platform-only one (on dict types).
 */
/** The store a module binds: base's storeImage on the app's uploads store, for the caller's company. */
const imagesOn =
  (uploads: FileStore): ImageStore =>
  async (ctx, req) => {
    const { url } = await storeImage(ctx, req, {
      uploads,
      kind: 'resource-image',
      tenantId: ctx.actor.tenantId,
    });
    return { url };
  };

const tenantMeta = defineResource({
  name: 'imageProbes',
  title: { zh: '图片测试', en: 'Image probes' },
  menuCode: 'myCustomer',
  tenantScoped: true,
  actions: ['list', 'get', 'create', 'update'],
  defaultSort: '-id',
  fields: {
    name: { label: { zh: '名称', en: 'Name' }, type: 'string', schema: z.string().min(1).max(100) },
    email: {
      label: { zh: '图片', en: 'Picture' },
      type: 'image',
      schema: imageUrlSchema.nullable().optional(),
    },
  },
});
const platformMeta = defineResource({
  name: 'platformImageProbes',
  title: { zh: '平台图片测试', en: 'Platform image probes' },
  menuCode: 'dictManager',
  tenantScoped: false,
  platformOnly: true,
  scope: 'platform',
  actions: ['list', 'get', 'create', 'update'],
  defaultSort: '-id',
  fields: {
    code: { label: { zh: '编码', en: 'Code' }, type: 'string', schema: z.string().min(1).max(64) },
    name: { label: { zh: '名称', en: 'Name' }, type: 'string', schema: z.string().min(1).max(64) },
    description: {
      label: { zh: '图标', en: 'Icon' },
      type: 'image',
      schema: imageUrlSchema.nullable().optional(),
    },
  },
});

const BASE = '/api/admin/r/imageProbes';
const PLATFORM = '/api/admin/r/platformImageProbes';
let t: TestApp & { drop(): Promise<void> };
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      extraModules: [
        (app, { uploads }) => {
          registerResource(app, bindResource(tenantMeta, customers, { images: imagesOn(uploads) }));
          registerResource(app, bindResource(platformMeta, dictTypes, { images: imagesOn(uploads) }));
        },
      ],
    },
  );
});
afterAll(async () => {
  await t?.drop();
});

const file = (name: string, data: Buffer, type: string) => multipart({ name, data, type });
const send = (token: string, url: string, name: string, data: Buffer, type: string) =>
  upload(t, token, url, file(name, data, type));
const tenantOf = async (username: string) =>
  (await t.services.db.select().from(users).where(eq(users.username, username)))[0].tenantId;
const storedRow = async (url: string) =>
  (
    await t.services.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.storageKey, url.replace('/uploads/', '')))
  )[0];

async function expectServedSandboxed(url: string, type: 'image/png' | 'image/jpeg') {
  const served = await t.app.inject({ url });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe(type);
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  expect(String(served.headers['content-security-policy'])).toContain('sandbox');
  expect(String(served.headers['content-disposition'])).toMatch(/^inline/);
  const signature = type === 'image/png' ? [0x89, 0x50, 0x4e, 0x47] : [0xff, 0xd8, 0xff];
  expect([...served.rawPayload.subarray(0, signature.length)]).toEqual(signature);
  return served.rawPayload;
}

describe('POST <base>/images of a resource with an image field', () => {
  it('stores a PNG and a JPEG as /uploads/<uuid>.png|jpg, served as images only, and the field takes the address', async () => {
    const demo = await t.login('demo', 'Demo@123');
    const png = await send(demo, `${BASE}/images`, 'logo.png', PNG_BYTES, 'image/png');
    expect(png.statusCode).toBe(200);
    expect(png.json().url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(imageUrlSchema.safeParse(png.json().url).success).toBe(true);
    await expectServedSandboxed(png.json().url, 'image/png');

    const jpeg = await send(demo, `${BASE}/images`, 'photo.jpg', JPEG_BYTES, 'image/jpeg');
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.jpg$/);
    await expectServedSandboxed(jpeg.json().url, 'image/jpeg');

    // The uploaded address is what the field takes; a row keeps it.
    const created = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { authorization: `Bearer ${demo}` },
      payload: { name: '带图片的客户', email: png.json().url },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().email).toBe(png.json().url);
    // Anything else is refused naming the field: another site's picture, a script address, an SVG name.
    for (const bad of [
      'https://evil.example/x.png',
      'javascript:alert(1)',
      '/uploads/../etc/passwd',
      png.json().url.replace('.png', '.svg'),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: { authorization: `Bearer ${demo}` },
        payload: { name: '坏图片', email: bad },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.stringify(res.json()), bad).toContain('email');
    }
  });

  it('re-encodes an SVG into a PNG: nothing of the SVG is stored or served', async () => {
    const demo = await t.login('demo', 'Demo@123');
    for (const svg of [SVG_OK, SVG_SCRIPT]) {
      const res = await send(demo, `${BASE}/images`, 'logo.svg', svg, 'image/svg+xml');
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toMatch(/\.png$/);
      const bytes = await expectServedSandboxed(res.json().url, 'image/png');
      expect(bytes.toString('latin1').toLowerCase()).not.toMatch(/<svg|script|alert/);
    }
  });

  it('refuses HTML, garbage, an empty or missing file and an oversize one with 400 naming the image', async () => {
    const demo = await t.login('demo', 'Demo@123');
    const cases: [string, Buffer, string, string][] = [
      [
        'page.html',
        Buffer.from('<html><script>alert(1)</script></html>'),
        'text/html',
        'FILE_TYPE_NOT_ALLOWED',
      ],
      [
        'fake.png',
        Buffer.from('<html><script>alert(1)</script></html>'),
        'image/png',
        'FILE_TYPE_NOT_ALLOWED',
      ],
      [
        'noise.png',
        Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 73) % 256)),
        'image/png',
        'FILE_TYPE_NOT_ALLOWED',
      ],
      ['half.png', PNG_BYTES.subarray(0, 20), 'image/png', 'FILE_TYPE_NOT_ALLOWED'],
      ['big.png', Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]), 'image/png', 'FILE_TOO_LARGE'],
      ['empty.png', Buffer.alloc(0), 'image/png', 'FILE_REQUIRED'],
    ];
    for (const [name, data, type, code] of cases) {
      const res = await send(demo, `${BASE}/images`, name, data, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code, name).toBe(code);
      expect(res.json().message, name).toContain('图片');
    }
    const big = file('big.png', Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]), 'image/png');
    const en = await t.app.inject({
      method: 'POST',
      url: `${BASE}/images`,
      headers: { authorization: `Bearer ${demo}`, 'accept-language': 'en', ...big.headers },
      payload: big.payload,
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toMatch(/image/i);
    const none = await upload(t, demo, `${BASE}/images`, multipart(null, { note: 'no file' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('FILE_REQUIRED');
    const json = await t.app.inject({
      method: 'POST',
      url: `${BASE}/images`,
      headers: { authorization: `Bearer ${demo}` },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('needs the add or edit code: a member without it gets 403, an anonymous caller 401, and nothing is stored', async () => {
    const before = await t.services.db.$count(storedFiles);
    const nobody = await bareUserToken(t);
    expect((await send(nobody, `${BASE}/images`, 'logo.png', PNG_BYTES, 'image/png')).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: `${BASE}/images`,
      ...file('logo.png', PNG_BYTES, 'image/png'),
    });
    expect(anon.statusCode).toBe(401);
    // A platform-only resource's upload is refused to a company's administrator, whatever codes it holds.
    const demo = await t.login('demo', 'Demo@123');
    expect((await send(demo, `${PLATFORM}/images`, 'icon.png', PNG_BYTES, 'image/png')).statusCode).toBe(403);
    expect(await t.services.db.$count(storedFiles)).toBe(before);
  });

  it('records each upload for the uploader’s company (the platform’s own as no company)', async () => {
    const demo = await t.login('demo', 'Demo@123');
    const brand = await t.login('brand', 'Brand@123');
    const admin = await t.login('admin', 'Admin@123');
    const a = (await send(demo, `${BASE}/images`, 'a.png', PNG_BYTES, 'image/png')).json().url as string;
    const b = (await send(brand, `${BASE}/images`, 'b.png', PNG_BYTES, 'image/png')).json().url as string;
    const p = await send(admin, `${PLATFORM}/images`, 'p.png', PNG_BYTES, 'image/png');
    expect(p.statusCode).toBe(200);
    expect(await storedRow(a)).toMatchObject({ tenantId: await tenantOf('demo'), kind: 'resource-image' });
    expect(await storedRow(b)).toMatchObject({ tenantId: await tenantOf('brand'), kind: 'resource-image' });
    expect(await storedRow(p.json().url)).toMatchObject({ tenantId: null });
    expect(a).not.toBe(b);
    // A company's row never shows another company's: brand cannot read the row demo made with its picture.
    const demoRows = (
      await t.app.inject({ url: `${BASE}?limit=100`, headers: { authorization: `Bearer ${demo}` } })
    ).json().rows as { id: number; email: string | null }[];
    const withPicture = demoRows.find((r) => r.email?.startsWith('/uploads/'));
    expect(withPicture).toBeTruthy();
    const foreign = await t.app.inject({
      url: `${BASE}/${withPicture!.id}`,
      headers: { authorization: `Bearer ${brand}` },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

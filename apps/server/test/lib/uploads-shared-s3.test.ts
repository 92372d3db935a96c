import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { invoiceFiles, tenants, users } from '@fpy/db';
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStore } from '../../src/lib/file-store.ts';
import { multipart, PNG_BYTES, upload } from '../platform/base-helpers.ts';
import { bearer, createTestApp, type TestApp } from '../harness.ts';
import { inspectPdf, sealPng } from '../sales/invoice-files-helpers.ts';
import { api, invoiceBody } from '../sales/invoicing-helpers.ts';

/**
 * Uploaded images on shared storage (issue 13 §4): two apps on one database and one S3 bucket (s3rver in this
 * process), each with its own local folders. What is uploaded through A is served by B, a seal uploaded on A is
 * printed by B, and /uploads/ keeps its rules (only product-written names, image types, nosniff, sandbox CSP).
 */
const BUCKET = 'fapiao-uploads';
const KEY = 'S3RVER';
type App = TestApp & { drop(): Promise<void> };

let server: S3rver;
let s3dir = '';
let env: Record<string, string> = {};
let a: App;
let b: App;
let raw: S3FileStore;

beforeAll(async () => {
  s3dir = mkdtempSync(join(tmpdir(), 'fpy-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  env = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: KEY,
    S3_SECRET_ACCESS_KEY: KEY,
    S3_REGION: 'cn-east-1',
  };
  raw = new S3FileStore({
    endpoint,
    bucket: BUCKET,
    accessKeyId: KEY,
    secretAccessKey: KEY,
    region: 'cn-east-1',
  });
  a = await createTestApp(env);
  b = await createTestApp(env, { dbHandle: a.dbHandle });
}, 120_000);

afterAll(async () => {
  await b?.drop();
  await a?.drop();
  raw?.close();
  await server?.close();
  rmSync(s3dir, { recursive: true, force: true });
});

/** Is `name` in any app's local uploads folder (memory:// apps keep theirs in fpy-uploads-* temp folders)? */
const onLocalDisk = (name: string) =>
  readdirSync(tmpdir())
    .filter((d) => d.startsWith('fpy-uploads-'))
    .some((d) => existsSync(join(tmpdir(), d, name)));

function expectServedImage(res: Awaited<ReturnType<App['app']['inject']>>, mime: string, what: string) {
  expect(res.statusCode, what).toBe(200);
  expect(res.headers['content-type'], what).toBe(mime);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  const csp = String(res.headers['content-security-policy']);
  expect(csp, what).toMatch(/(^|;\s*)sandbox(;|$)/);
  expect(csp, what).toContain("default-src 'none'");
  expect(String(res.headers['content-disposition']), what).toMatch(/^inline; filename="[^"/]+\.(png|jpg)"$/);
}

describe('uploads in the S3 bucket, served by every instance', () => {
  it('a logo uploaded through A is served by B from the bucket, not from a local folder', async () => {
    const brand = await a.login('brand', 'Brand@123');
    const up = await upload(
      a,
      brand,
      '/api/admin/v1/parameterSetting/enterpriseLogoUpload',
      multipart({ name: 'logo.png', data: PNG_BYTES, type: 'image/png' }),
    );
    expect(up.statusCode, up.body).toBe(200);
    const url: string = up.json().content.logoUrl;
    const name = url.replace('/uploads/', '');
    const fromB = await b.app.inject({ url });
    expectServedImage(fromB, 'image/png', url);
    const fromA = await a.app.inject({ url });
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    // The object is in the bucket under uploads/, and no instance kept a copy of its own.
    expect((await raw.get(`uploads/${name}`))?.equals(fromB.rawPayload)).toBe(true);
    expect(onLocalDisk(name)).toBe(false);
    // A revalidation answers 304 without the bytes.
    const again = await b.app.inject({ url, headers: { 'if-none-match': String(fromB.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('a menu icon uploaded through B is served by A; the seeded logo by both', async () => {
    const admin = await b.login('admin', 'Admin@123');
    const up = await upload(
      b,
      admin,
      '/api/admin/menu/uploadImgs',
      multipart({ name: 'icon.png', data: PNG_BYTES, type: 'image/png' }),
    );
    expect(up.statusCode, up.body).toBe(200);
    expectServedImage(await a.app.inject({ url: up.json().url }), 'image/png', up.json().url);
    for (const t of [a, b])
      expectServedImage(
        await t.app.inject({ url: '/uploads/seed/brand-logo.png' }),
        'image/png',
        'seed logo',
      );
    expect(await raw.get('uploads/seed/brand-logo.png')).not.toBeNull();
  });

  it('serves from the bucket only what the product writes, and only as an image', async () => {
    const id = randomUUID();
    const html = Buffer.from('<html><body><script>alert("PWNED")</script></body></html>');
    // Objects planted in the bucket by someone else: refused by name, or served as an inert image.
    for (const name of [`${id}.html`, `${id}.svg`, 'evil.png', `sub/${id}.png`, 'seed/other.png'])
      await raw.put(`uploads/${name}`, html, 'text/html');
    for (const name of [
      `${id}.html`,
      `${id}.svg`,
      'evil.png',
      `sub/${id}.png`,
      'seed/other.png',
      `${randomUUID()}.png`,
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const r = await b.app.inject({ method, url: `/uploads/${name}` });
        expect(r.statusCode, `${method} ${name}`).toBe(404);
        expect(String(r.headers['content-type'] ?? ''), name).not.toMatch(/html|svg|xml/);
        expect(r.body, name).not.toContain('PWNED');
      }
    }
    const named = `seal-${id}.png`;
    await raw.put(`uploads/${named}`, html, 'text/html');
    expectServedImage(await b.app.inject({ url: `/uploads/${named}` }), 'image/png', named);
    // The bucket's other files (invoice PDFs under invoices/) are never reachable through /uploads/.
    await raw.put(`invoices/1/${id}.png`, PNG_BYTES, 'image/png');
    expect((await b.app.inject({ url: `/uploads/../invoices/1/${id}.png` })).statusCode).toBe(404);
    expect((await b.app.inject({ url: `/uploads/..%2finvoices%2f1%2f${id}.png` })).statusCode).toBe(404);
  });

  it('a seal uploaded through A is read by B and printed on the PDFs B renders; deleting through B removes it', async () => {
    const demoA = await a.login('demo', 'Demo@123');
    const demoB = await b.login('demo', 'Demo@123');
    const up = await upload(
      a,
      demoA,
      '/api/billing/v1/seal',
      multipart({ name: 'seal.png', data: sealPng(), type: 'image/png' }),
    );
    expect(up.statusCode, up.body).toBe(200);
    const [u] = await a.services.db.select().from(users).where(eq(users.username, 'demo'));
    const [t] = await a.services.db
      .select()
      .from(tenants)
      .where(eq(tenants.id, u.tenantId as number));
    const key = t.sealImageKey as string;
    expect(onLocalDisk(key)).toBe(false);
    const seen = await b.app.inject({ url: '/api/billing/v1/seal', headers: bearer(demoB) });
    expect(seen.json().seal?.mime).toBe('image/png');
    expect(seen.json().seal?.size).toBe((await raw.get(`uploads/${key}`))?.length);

    // Issued through A (A renders and stores the files); the rows are dropped so B renders on demand, with
    // the seal it reads from the bucket.
    const c = api(a, demoA);
    const created = (await c.create(invoiceBody())).json();
    await c.settled();
    await a.services.db.delete(invoiceFiles).where(eq(invoiceFiles.invoiceId, created.id));
    const pdf = await b.app.inject({
      url: `/api/billing/v1/invoices/${created.id}/files/pdf`,
      headers: bearer(demoB),
    });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect((await inspectPdf(pdf.rawPayload)).images).toBeGreaterThanOrEqual(1);

    const del = await b.app.inject({ method: 'DELETE', url: '/api/billing/v1/seal', headers: bearer(demoB) });
    expect(del.statusCode).toBe(200);
    expect(await raw.get(`uploads/${key}`)).toBeNull();
    expect((await a.app.inject({ url: '/api/billing/v1/seal', headers: bearer(demoA) })).json()).toEqual({
      seal: null,
    });
    expect((await a.app.inject({ url: `/uploads/${key}` })).statusCode).toBe(404);
  }, 60_000);
});

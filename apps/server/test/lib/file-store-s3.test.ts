import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStore } from '../../src/lib/file-store.ts';
import { bearer, createTestApp, type TestApp } from '../harness.ts';
import { api, invoiceBody } from '../sales/invoicing-helpers.ts';

/**
 * The S3 file store against a real S3 implementation (s3rver, in this process on a free port) through the
 * official SDK, which signs every request (SigV4) and parses the server's XML errors.
 */
const BUCKET = 'fapiao';
const KEY_ID = 'S3RVER';
const SECRET = 'S3RVER';
let server: S3rver;
let dir = '';
let endpoint = '';
const stores: S3FileStore[] = [];
const storeWith = (keyId = KEY_ID) => {
  const s = new S3FileStore({
    endpoint,
    bucket: BUCKET,
    accessKeyId: keyId,
    secretAccessKey: SECRET,
    region: 'cn-east-1',
  });
  stores.push(s);
  return s;
};
const raw = () =>
  new S3Client({
    endpoint,
    region: 'cn-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY_ID, secretAccessKey: SECRET },
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fpy-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const addr = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${addr.port}`;
});

afterAll(async () => {
  for (const s of stores) s.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3 file store through @aws-sdk/client-s3 (s3rver)', () => {
  it('puts and gets bytes; a missing key is null; an overwrite wins; delete is idempotent', async () => {
    const store = storeWith();
    expect(store.kind).toBe('s3');
    const key = 'invoices/7/42 (1).pdf';
    expect(await store.get(key)).toBeNull();
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x80, 0x0a]);
    await store.put(key, bytes, 'application/pdf');
    expect(Buffer.compare((await store.get(key))!, bytes)).toBe(0);
    await store.put(key, Buffer.from('second'), 'application/pdf');
    expect((await store.get(key))?.toString()).toBe('second');
    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    // Keys never escape their bucket path.
    await expect(store.put('../x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid/);
  });

  it('stores each object with its content type, under <bucket>/<key> (path-style)', async () => {
    const store = storeWith();
    await store.put('invoices/1/a.xml', Buffer.from('<a>发票</a>'), 'application/xml');
    await store.put('invoices/1/a.pdf', Buffer.from('%PDF-1.7'), 'application/pdf');
    const s3 = raw();
    try {
      const xml = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'invoices/1/a.xml' }));
      expect(xml.ContentType).toBe('application/xml');
      const pdf = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'invoices/1/a.pdf' }));
      expect(pdf.ContentType).toBe('application/pdf');
      expect(await pdf.Body?.transformToString()).toBe('%PDF-1.7');
    } finally {
      s3.destroy();
    }
  });

  // s3rver checks the access key of a SigV4 request, not yet its signature: a wrong key stands for bad credentials.
  it('fails loudly on credentials the server refuses', async () => {
    const store = storeWith('NOT-A-KEY');
    await expect(store.put('a.xml', Buffer.from('<a/>'), 'application/xml')).rejects.toThrow(
      /S3 PUT a\.xml failed: HTTP 403/,
    );
    await expect(store.get('a.xml')).rejects.toThrow(/S3 GET a\.xml failed: HTTP 403/);
  });
});

describe('the API on S3 storage', () => {
  let t: TestApp & { drop(): Promise<void> };
  beforeAll(async () => {
    t = await createTestApp({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET,
      RENDER_WORKERS: '0',
    });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('an issued invoice stores its PDF and XML in the bucket and the API serves them from there', async () => {
    const token = await t.login('demo', 'Demo@123');
    const c = api(t, token);
    const created = (await c.create(invoiceBody())).json();
    await c.settled();
    const inv = (await c.get(created.id)).json();
    expect(inv.status).toBe('issued');
    const res = await t.app.inject({
      url: `/api/billing/v1/invoices/${inv.id}/files/pdf`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // The bytes served are the bucket's object, not a local copy.
    const s3 = raw();
    try {
      const listed = await s3.send(
        new GetObjectCommand({ Bucket: BUCKET, Key: `invoices/${inv.tenantId}/${inv.id}.pdf` }),
      );
      const stored = Buffer.from(await listed.Body!.transformToByteArray());
      expect(stored.subarray(0, 5).toString()).toBe('%PDF-');
      expect(Buffer.compare(stored, res.rawPayload)).toBe(0);
    } finally {
      s3.destroy();
    }
    const xml = await t.app.inject({
      url: `/api/billing/v1/invoices/${inv.id}/files/xml`,
      headers: bearer(token),
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(inv.number);
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storedFiles, tenants, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LocalFileStore } from '../../src/lib/file-store.ts';
import { loadSealImage } from '../../src/modules/sales/invoice-setup/seal.ts';
import { JPEG_BYTES, multipart, PNG_BYTES, SVG_OK, upload } from '../platform/base-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';
import { api as invoicing, invoiceBody } from './invoicing-helpers.ts';

const app = useTestApp();
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const SEAL = '/api/billing/v1/seal';
const PRINTERS = '/api/billing/v1/print-settings';
const PRINT = '/api/billing/v1/invoice-print';

const png = (data = PNG_BYTES, name = 'seal.png') => multipart({ name, data, type: 'image/png' });

async function tenantOf(username: string) {
  const [u] = await app().services.db.select().from(users).where(eq(users.username, username));
  return u.tenantId as number;
}
const sealKey = async (tenantId: number) =>
  (await app().services.db.select().from(tenants).where(eq(tenants.id, tenantId)))[0].sealImageKey;

describe('发票专用章 (seal)', () => {
  it('uploads a PNG, shows it, replaces it (old file gone) and deletes it', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const tid = await tenantOf('demo');
    expect((await call(demo, 'GET', SEAL)).json()).toEqual({ seal: null });

    const first = await upload(app(), demo, SEAL, png());
    expect(first.statusCode).toBe(200);
    expect(first.json().seal).toMatchObject({ mime: 'image/png', originalName: 'seal.png' });
    const key1 = await sealKey(tid);
    expect(key1).toMatch(/^seal-[0-9a-f-]{36}\.png$/);
    // The upload is decoded and written again (base/uploads/rasterise.ts): the folder holds the product's PNG
    // under the key, and the settings page shows exactly those bytes.
    const served = await app().app.inject({ url: `/uploads/${key1}` });
    expect(served.rawPayload.subarray(0, 8).equals(PNG_BYTES.subarray(0, 8))).toBe(true);
    expect(first.json().seal.dataUrl).toBe(`data:image/png;base64,${served.rawPayload.toString('base64')}`);
    expect(first.json().seal.size).toBe(served.rawPayload.length);
    expect((await call(demo, 'GET', SEAL)).json().seal.size).toBe(served.rawPayload.length);

    const second = await upload(
      app(),
      demo,
      SEAL,
      multipart({ name: '章.jpg', data: JPEG_BYTES, type: 'image/jpeg' }),
    );
    expect(second.json().seal).toMatchObject({ mime: 'image/jpeg', originalName: '章.jpg' });
    const key2 = await sealKey(tid);
    expect(key2).toMatch(/\.jpg$/);
    expect((await app().app.inject({ url: `/uploads/${key1}` })).statusCode).toBe(404);
    const files = await app().services.db.select().from(storedFiles).where(eq(storedFiles.tenantId, tid));
    expect(files.filter((f) => f.kind === 'invoice-seal').map((f) => f.storageKey)).toEqual([key2]);

    expect((await call(demo, 'DELETE', SEAL)).json()).toEqual({ ok: true });
    expect(await sealKey(tid)).toBeNull();
    expect((await call(demo, 'GET', SEAL)).json()).toEqual({ seal: null });
    expect((await app().app.inject({ url: `/uploads/${key2}` })).statusCode).toBe(404);
  });

  it('refuses a wrong type or a file over 1 MB and keeps the current seal', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const tid = await tenantOf('demo');
    await upload(app(), demo, SEAL, png());
    const before = await sealKey(tid);

    const svg = await upload(
      app(),
      demo,
      SEAL,
      multipart({ name: 'seal.svg', data: SVG_OK, type: 'image/svg+xml' }),
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: expect.stringContaining('PNG'),
    });
    // A renamed text file is judged by its bytes.
    const fake = await upload(app(), demo, SEAL, png(Buffer.from('not an image at all'), 'seal.png'));
    expect(fake.statusCode).toBe(400);
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(1024 * 1024, 1)]);
    const tooBig = await upload(app(), demo, SEAL, png(big));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('1 MB') });
    expect((await call(demo, 'POST', SEAL)).statusCode).toBe(400);
    expect(await sealKey(tid)).toBe(before);
  });

  it('is the caller’s own: other tenants, the clerk and the platform cannot change it', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const brand = await app().login('brand', 'Brand@123');
    const clerk = await app().login('clerk', 'Clerk@123');
    const admin = await app().login('admin', 'Admin@123');
    await upload(app(), demo, SEAL, png());
    expect((await call(brand, 'GET', SEAL)).json()).toEqual({ seal: null });
    expect((await call(brand, 'DELETE', SEAL)).json()).toEqual({ ok: true });
    expect(await sealKey(await tenantOf('demo'))).not.toBeNull();
    expect((await call(clerk, 'GET', SEAL)).statusCode).toBe(403);
    expect((await upload(app(), clerk, SEAL, png())).statusCode).toBe(403);
    const platform = await upload(app(), admin, SEAL, png());
    expect(platform.statusCode).toBe(403);
    expect(platform.json().code).toBe('TENANT_REQUIRED');
  });

  it('loadSealImage reads the bytes of tenants.seal_image_key from the uploads store (local folder)', async () => {
    const db = app().services.db;
    const tid = await tenantOf('brand');
    const dir = mkdtempSync(join(tmpdir(), 'fpy-seal-'));
    expect(await loadSealImage(db, new LocalFileStore(dir), tid)).toBeNull();
    writeFileSync(join(dir, 'seal-test.jpg'), JPEG_BYTES);
    await db.update(tenants).set({ sealImageKey: 'seal-test.jpg' }).where(eq(tenants.id, tid));
    const image = await loadSealImage(db, new LocalFileStore(dir), tid);
    expect(image?.mime).toBe('image/jpeg');
    expect(image?.bytes.equals(JPEG_BYTES)).toBe(true);
    // A missing file or a key that is not a plain file name reads as "no seal".
    await db.update(tenants).set({ sealImageKey: 'seal-gone.png' }).where(eq(tenants.id, tid));
    expect(await loadSealImage(db, new LocalFileStore(dir), tid)).toBeNull();
    await db.update(tenants).set({ sealImageKey: '../seal-test.jpg' }).where(eq(tenants.id, tid));
    expect(await loadSealImage(db, new LocalFileStore(join(dir, 'sub')), tid)).toBeNull();
    await db.update(tenants).set({ sealImageKey: null }).where(eq(tenants.id, tid));
  });
});

describe('打印设置 (print settings)', () => {
  const setting = (o: Record<string, unknown> = {}) => ({
    printerName: 'HP LaserJet',
    invoiceType: null,
    offsetX: 125,
    offsetY: -500,
    ...o,
  });

  it('saves offsets in tenths of a millimetre within ±50.0 mm', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const ok = await call(demo, 'POST', PRINTERS, setting());
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      printerName: 'HP LaserJet',
      offsetX: 125,
      offsetY: -500,
      isDefault: false,
    });
    for (const bad of [{ offsetX: 501 }, { offsetY: -501 }, { offsetX: 12.5 }, { offsetX: '1' }]) {
      const res = await call(demo, 'POST', PRINTERS, setting({ printerName: 'Bad', ...bad }));
      expect(res.statusCode).toBe(400);
    }
    const range = await call(demo, 'POST', PRINTERS, setting({ printerName: 'Bad', offsetX: 600 }));
    expect(range.json().message).toContain('-50.0 到 +50.0 毫米');
    expect((await call(demo, 'POST', PRINTERS, setting({ printerName: '' }))).json().message).toContain(
      '打印机名称不能为空',
    );
    const dup = await call(demo, 'POST', PRINTERS, setting({ printerName: 'HP LaserJet' }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('PRINTER_DUPLICATE');
    const id = ok.json().id;
    const edited = await call(
      demo,
      'PUT',
      `${PRINTERS}/${id}`,
      setting({ offsetX: -3, invoiceType: 'special_paper' }),
    );
    expect(edited.json()).toMatchObject({ offsetX: -3, invoiceType: 'special_paper' });
  });

  it('keeps one default per invoice type and each tenant’s printers apart', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const brand = await app().login('brand', 'Brand@123');
    const clerk = await app().login('clerk', 'Clerk@123');
    const a = (await call(demo, 'POST', PRINTERS, setting({ printerName: 'A', isDefault: true }))).json();
    const b = (await call(demo, 'POST', PRINTERS, setting({ printerName: 'B', isDefault: true }))).json();
    const c = (
      await call(
        demo,
        'POST',
        PRINTERS,
        setting({ printerName: 'C', invoiceType: 'ordinary_paper', isDefault: true }),
      )
    ).json();
    const rows = (await call(demo, 'GET', PRINTERS)).json().rows as { id: number; isDefault: boolean }[];
    const flag = (id: number) => rows.find((r) => r.id === id)?.isDefault;
    expect([flag(a.id), flag(b.id), flag(c.id)]).toEqual([false, true, true]);

    // Same printer name in another company is fine; its rows are invisible here and vice versa.
    expect((await call(brand, 'POST', PRINTERS, setting({ printerName: 'A' }))).statusCode).toBe(200);
    expect(
      (await call(brand, 'GET', PRINTERS)).json().rows.map((r: { printerName: string }) => r.printerName),
    ).toEqual(['A']);
    expect((await call(brand, 'PUT', `${PRINTERS}/${a.id}`, setting({ printerName: 'X' }))).statusCode).toBe(
      404,
    );
    expect((await call(brand, 'DELETE', `${PRINTERS}/${a.id}`)).statusCode).toBe(404);
    expect((await call(brand, 'GET', `${PRINTERS}/${a.id}`)).statusCode).toBe(404);
    expect((await call(demo, 'GET', `${PRINTERS}/${a.id}`)).json()).toMatchObject({ printerName: 'A' });
    expect((await call(clerk, 'GET', PRINTERS)).statusCode).toBe(403);
    expect((await call(clerk, 'POST', PRINTERS, setting({ printerName: 'Z' }))).statusCode).toBe(403);
    expect((await call(demo, 'DELETE', `${PRINTERS}/${a.id}`)).json()).toEqual({ ok: true });
  });
});

describe('发票打印 (printable invoices)', () => {
  it('lists issued invoices only and answers their details in the order asked', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const inv = invoicing(app(), demo);
    const one = (await inv.create(invoiceBody())).json();
    const two = (
      await inv.create(
        invoiceBody({ buyer: { name: '北京星河商贸有限公司', taxNumber: '91110105MA00ABCD1X' } }),
      )
    ).json();
    const draft = (await inv.create(invoiceBody({ submit: false }))).json();
    await inv.settled();

    const list = (await call(demo, 'GET', `${PRINT}?limit=500`)).json();
    const ids = list.rows.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([one.id, two.id]));
    expect(ids).not.toContain(draft.id);
    expect(list.rows.every((r: { number: string | null }) => /^\d{20}$/.test(r.number ?? ''))).toBe(true);
    const byBuyer = (await call(demo, 'GET', `${PRINT}?buyerName=${encodeURIComponent('星河')}`)).json();
    expect(byBuyer.rows.map((r: { id: number }) => r.id)).toEqual([two.id]);
    const number = list.rows.find((r: { id: number }) => r.id === one.id).number as string;
    const byNumber = (await call(demo, 'GET', `${PRINT}?number=${number.slice(-8)}`)).json();
    expect(byNumber.rows.map((r: { id: number }) => r.id)).toEqual([one.id]);

    const details = await call(demo, 'GET', `${PRINT}/details?ids=${two.id},${one.id}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().map((d: { id: number }) => d.id)).toEqual([two.id, one.id]);
    expect(details.json()[0].lines).toHaveLength(1);

    const notYet = await call(demo, 'GET', `${PRINT}/details?ids=${one.id},${draft.id}`);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().code).toBe('INVOICE_NOT_PRINTABLE');
    expect((await call(demo, 'GET', `${PRINT}/details?ids=`)).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expect((await call(demo, 'GET', `${PRINT}/details?ids=${many}`)).json().message).toContain(
      '最多打印50张',
    );

    const brand = await app().login('brand', 'Brand@123');
    expect((await call(brand, 'GET', `${PRINT}/details?ids=${one.id}`)).statusCode).toBe(404);
    expect(
      (await call(brand, 'GET', `${PRINT}?limit=500`)).json().rows.map((r: { id: number }) => r.id),
    ).not.toContain(one.id);
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await call(clerk, 'GET', PRINT)).statusCode).toBe(403);
  });
});

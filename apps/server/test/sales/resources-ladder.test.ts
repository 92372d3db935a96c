import { customers, resourceChanges, users } from '@fpy/db';
import { customersMeta } from '@fpy/resources';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bindResource } from '../../src/crud/bind.ts';
import { createRow } from '../../src/crud/writes.ts';
import type { AuthedCtx } from '../../src/http/context.ts';
import { customerHooks } from '../../src/modules/sales/customers/hooks.ts';
import { bearer, useTestApp } from '../harness.ts';

/**
 * The rungs the customers resource climbed (issue 13 §1): a write hook with a field-naming refusal and derived
 * columns, writes in one transaction with their audit row, and import/export/template as resource actions.
 */
const app = useTestApp();
const BASE = '/api/billing/v1/customers';
const VALID = '91110108MA01ABCD0B';

const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), payload });

async function auditRows(recordId: number) {
  return app()
    .services.db.select()
    .from(resourceChanges)
    .where(and(eq(resourceChanges.resource, 'customers'), eq(resourceChanges.recordId, recordId)))
    .orderBy(resourceChanges.id);
}

/** A request context of the demo administrator, for calling the write path directly. */
async function demoCtx(): Promise<AuthedCtx> {
  const t = app();
  const [u] = await t.services.db.select().from(users).where(eq(users.username, 'demo'));
  return {
    ...t.services,
    actor: {
      userId: u.id,
      username: u.username,
      name: u.name,
      tenantId: u.tenantId,
      isSuperAdmin: 1,
      isInsideUser: 0,
      codes: new Set(),
      platform: false,
      tokenHash: 'test',
    },
    requestId: 'ladder-test',
    ip: '127.0.0.9',
    userAgent: 'vitest',
    lang: 'zh',
    log: t.app.log,
  };
}

describe('resource ladder: write hook, transaction and audit, import/export actions', () => {
  it('audits every write in its transaction: who, what, from where', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const created = await send(demo, 'POST', BASE, { name: '审计客户有限公司', taxNumber: VALID });
    expect(created.statusCode).toBe(200);
    const id = created.json().customer.id as number;
    await send(demo, 'PUT', `${BASE}/${id}`, { address: '北京市海淀区' });
    await send(demo, 'DELETE', `${BASE}/${id}`);
    const rows = await auditRows(id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[0]).toMatchObject({ actorName: expect.any(String), tenantId: expect.any(Number) });
    expect(rows[0].actorId).not.toBeNull();
    expect(rows[1].changes).toEqual({ address: '北京市海淀区' });
    expect((rows[2].changes as { name: string }).name).toBe('审计客户有限公司');
  });

  it('rolls the row and its audit row back together when a later step of the write fails', async () => {
    const ctx = await demoCtx();
    const failing = bindResource(customersMeta, customers, {
      hooks: {
        ...customerHooks,
        afterWrite: async () => {
          throw new Error('after the audit row');
        },
      },
      keyword: [customers.name],
    });
    const [before] = await ctx.db.select({ n: count() }).from(resourceChanges);
    await expect(
      createRow(ctx, failing, {
        name: '回滚客户有限公司',
        taxNumber: '91310115MA1K4XYA1B',
        naturalPerson: false,
      }),
    ).rejects.toThrow('after the audit row');
    const [after] = await ctx.db.select({ n: count() }).from(resourceChanges);
    expect(after.n).toBe(before.n);
    const left = await ctx.db.select().from(customers).where(eq(customers.name, '回滚客户有限公司'));
    expect(left).toEqual([]);
  });

  it('derives the pinyin initials in the same write', async () => {
    const ctx = await demoCtx();
    const res = bindResource(customersMeta, customers, {
      hooks: customerHooks,
      keyword: [customers.name],
    });
    const { row } = await createRow(ctx, res, { name: '拼音首字母公司', naturalPerson: true });
    const [stored] = await ctx.db
      .select()
      .from(customers)
      .where(eq(customers.id, row.id as number));
    expect(stored.initials).toBe('pyszmgs');
  });

  it('refuses a malformed tax number with a 400 naming the field, and writes nothing', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const [before] = await app().services.db.select({ n: count() }).from(resourceChanges);
    const bad = await send(demo, 'POST', BASE, { name: '坏税号审计公司', taxNumber: 'ABC123456789XYZ!' });
    expect(bad.statusCode).toBe(400);
    const short = await send(demo, 'POST', BASE, { name: '坏税号审计公司', taxNumber: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'TAX_NUMBER_INVALID', details: { field: 'taxNumber' } });
    const missing = await send(demo, 'POST', BASE, { name: '坏税号审计公司' });
    expect(missing.json()).toMatchObject({ code: 'TAX_NUMBER_REQUIRED', details: { field: 'taxNumber' } });
    const [after] = await app().services.db.select({ n: count() }).from(resourceChanges);
    expect(after.n).toBe(before.n);
  });

  it('round-trips a file: export, import the same sheet elsewhere, template headers match', async () => {
    const demo = await app().login('demo', 'Demo@123');
    await send(demo, 'POST', BASE, {
      name: '往返客户有限公司',
      taxNumber: '91440101MA5CXXXX08',
      naturalPerson: false,
      defaultInvoiceType: 'digital_special',
      mobile: '13800138000',
    });
    const exported = await app().app.inject({
      url: `${BASE}/export?keyword=${encodeURIComponent('往返客户')}`,
      headers: bearer(demo),
    });
    expect(exported.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    const template = await app().app.inject({ url: `${BASE}/import-template`, headers: bearer(demo) });
    const twb = new ExcelJS.Workbook();
    await twb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(headers).toEqual((twb.worksheets[0].getRow(1).values as string[]).slice(1));
    expect(twb.worksheets[1].name).toBe('填写说明');
    // The exported sheet (option labels, 是/否) is importable as it is: into another company here.
    const brand = await app().login('brand', 'Brand@123');
    const boundary = '----ladder';
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const imported = await app().app.inject({
      method: 'POST',
      url: `${BASE}/import`,
      headers: { ...bearer(brand), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(imported.json()).toMatchObject({ total: 1, succeeded: 1, failed: 0 });
    const list = await app().app.inject({
      url: `${BASE}?keyword=${encodeURIComponent('wfkh')}`,
      headers: bearer(brand),
    });
    expect(list.json().rows[0]).toMatchObject({
      name: '往返客户有限公司',
      defaultInvoiceType: 'digital_special',
      mobile: '13800138000',
      naturalPerson: false,
    });
  });
});

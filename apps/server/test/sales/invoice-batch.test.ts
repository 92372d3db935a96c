import { commodities, invoiceBatches, invoices, tenants, users } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';
import { batchApi, HEADERS, line, readSheet, waitBatchDone } from './invoice-batch-helpers.ts';

const app = useTestApp();
const demo = async () => batchApi(app(), await app().login('demo', 'Demo@123'));

describe('批量开具 — template and validation', () => {
  it('serves the template: the columns, a note on each header, one example row that upload ignores', async () => {
    const c = await demo();
    const res = await c.template();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([...HEADERS]);
    expect(rows[1][0]).toBe('示例');
    expect(rows).toHaveLength(2);
    const notes = await readSheet(res.rawPayload, 1);
    expect(notes.flat().join('\n')).toContain('单据号相同的行合为一张发票');
    // The untouched template has no data row.
    const empty = await c.uploadRaw('template.xlsx', res.rawPayload);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('FILE_EMPTY');
  });

  it('groups rows by 单据号 and reports every bad row with its row, column and a Chinese message', async () => {
    const c = await demo();
    const res = await c.upload([
      line('A'), // row 2: invoice A line 1
      line('A', { 商品名称: '*信息技术服务*软件开发', 数量: '1', 单价: '500', 发票类型: '', 购买方名称: '' }), // row 3
      line('B', { 发票类型: '数电专票', 购买方税号: '' }), // row 4: 专票 without tax number
      line('C', { 税率: '七%' }), // row 5
      line('C'), // row 6: fine, but its invoice has a bad row
      line('D', { 购买方名称: '另一家公司' }), // row 7
      line('D', { 购买方名称: '别的公司' }), // row 8: contradicts row 7
      line(''), // row 9: no 单据号
      // row 10: 13% under a code that allows it (通用应用软件; 软件维护服务 is 6%, issue 28 §7)
      line('E', {
        数量: '',
        单价: '',
        金额: '1,130.00',
        含税标志: '是',
        税率: '13%',
        税收分类编码: '1060301020100000000',
      }),
      line('F', { 数量: 'abc' }), // row 11
    ]);
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({
      status: 'validated',
      totalRows: 10,
      validRows: 3,
      invalidRows: 7,
      invoiceCount: 2,
      invalidInvoiceCount: 4,
      progress: { total: 2, notCreated: 2, issued: 0, percent: 0 },
    });
    const at = (row: number) => b.issues.filter((i: { rowNumber: number }) => i.rowNumber === row);
    expect(at(4)).toEqual([
      { rowNumber: 4, column: '购买方税号', message: expect.stringContaining('纳税人识别号') },
    ]);
    expect(at(5)).toEqual([
      { rowNumber: 5, column: '税率', message: expect.stringMatching(/^税率：“七%”不是有效的税率/) },
    ]);
    expect(at(6)).toEqual([]);
    expect(at(8)).toEqual([
      { rowNumber: 8, column: '购买方名称', message: '购买方名称：与本单据第7行的“另一家公司”不一致' },
    ]);
    expect(at(9)).toEqual([{ rowNumber: 9, column: '单据号', message: '单据号：不能为空' }]);
    expect(at(11)).toEqual([{ rowNumber: 11, column: '数量', message: '数量：“abc”不是有效的数字' }]);
    for (const i of b.issues) expect(i.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('runs the engine like a single issue: the engine names the Excel row of the line', async () => {
    const c = await demo();
    const b = (
      await c.upload([
        line('G'),
        line('G', { 数量: '1', 单价: '0' }), // row 3: zero amount
      ])
    ).json();
    expect(b.invoiceCount).toBe(0);
    expect(b.issues).toEqual([
      expect.objectContaining({
        rowNumber: 3,
        column: expect.any(String),
        message: expect.not.stringMatching(/^第/),
      }),
    ]);
  });

  it('fills a line from the tenant commodity code (商品编码)', async () => {
    const t = app();
    const [demoUser] = await t.services.db.select().from(users).where(eq(users.username, 'demo'));
    const [own] = await t.services.db
      .select()
      .from(commodities)
      .where(and(eq(commodities.tenantId, demoUser.tenantId!), eq(commodities.status, 1)))
      .limit(1);
    expect(own, 'the demo seed has commodities').toBeDefined();
    const c = await demo();
    const b = (
      await c.upload([
        line('H', { 商品名称: '', 税收分类编码: '', 税率: '', 商品编码: own.ownCode, 数量: '1', 单价: '10' }),
        line('I', { 商品编码: 'NO-SUCH' }),
      ])
    ).json();
    expect(b.invoiceCount).toBe(1);
    expect(b.issues).toEqual([
      { rowNumber: 3, column: '商品编码', message: '商品编码：“NO-SUCH”不是本企业的商品编码' },
    ]);
  });

  it('takes 5,000 rows (MAX_IMPORT_ROWS) and refuses one more', async () => {
    const c = await demo();
    const rows = Array.from({ length: 5000 }, (_, i) => line(`M${Math.floor(i / 4)}`));
    // How long this takes is a figure of npm run bench (批量开具 upload), not an assertion here.
    const ok = await c.upload(rows);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ totalRows: 5000, validRows: 5000, invoiceCount: 1250 });
    const tooMany = await c.upload([...rows, line('M-extra')]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('FILE_TOO_MANY_ROWS');
  }, 60_000);

  it('refuses a file that is not the template, and needs the upload element', async () => {
    const c = await demo();
    const bad = await c.uploadRaw('x.xlsx', Buffer.from('not a workbook'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('FILE_NOT_XLSX');
    const clerk = batchApi(app(), await app().login('clerk', 'Clerk@123'));
    expect((await clerk.upload([line('A')])).statusCode).toBe(403);
  });
});

describe('批量开具 — issuing', () => {
  it('issues the valid invoices in the background, one per 单据号, and reports the per-row result', async () => {
    const c = await demo();
    const rows = [
      ...Array.from({ length: 6 }, (_, i) => line(`N${i + 1}`)),
      line('N1', { 商品名称: '*信息技术服务*软件开发', 数量: '1', 单价: '300' }),
      line('BAD', { 税率: '' }),
    ];
    const up = (await c.upload(rows, '六张.xlsx')).json();
    expect(up).toMatchObject({ invoiceCount: 6, validRows: 7, invalidRows: 1 });
    const started = await c.issue(up.id);
    expect(started.statusCode).toBe(200);
    expect(started.json().status).toBe('running');
    // A second press never starts a second run.
    const again = await c.issue(up.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BATCH_ALREADY_STARTED');

    const done = await waitBatchDone(c, up.id);
    expect(done.progress).toMatchObject({
      total: 6,
      issued: 6,
      failed: 0,
      inFlight: 0,
      notCreated: 0,
      percent: 100,
    });
    const made = await app().services.db.select().from(invoices).where(eq(invoices.batchId, up.id));
    expect(made).toHaveLength(6);
    expect(made.map((i) => i.clientSerial).sort()).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `batch-${up.id}-${n}`).sort(),
    );
    expect(made.find((i) => i.batchRow === 1)!.totalFen).toBe(21_200 + 31_800);
    expect(made.every((i) => i.status === 'issued' && /^\d{20}$/.test(i.number!))).toBe(true);
    expect(made.every((i) => i.drawer === '演示管理员')).toBe(true);

    const result = await c.result(up.id);
    expect(result.statusCode).toBe(200);
    expect(decodeURIComponent(String(result.headers['content-disposition']))).toContain('六张-开具结果.xlsx');
    const sheet = await readSheet(result.rawPayload);
    expect(sheet[0].slice(-3)).toEqual(['结果', '发票号码', '原因']);
    expect(sheet).toHaveLength(9);
    const byRow = new Map(sheet.slice(1).map((r) => [Number(r[0]), r]));
    expect(byRow.get(2)!.slice(-3, -1)).toEqual(['已开具', made.find((i) => i.batchRow === 1)!.number]);
    expect(byRow.get(8)!.slice(-3)).toEqual(['已开具', made.find((i) => i.batchRow === 1)!.number, '']);
    expect(byRow.get(9)!.slice(-3)).toEqual(['校验失败', '', '税率：不能为空']);

    const list = (await c.list('?page=1&limit=50')).json();
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.rows[0]).toMatchObject({
      id: up.id,
      status: 'done',
      fileName: '六张.xlsx',
      createdByName: '演示管理员',
      invalidRows: 1,
      invalidInvoiceCount: 1,
      progress: { issued: 6 },
    });
  });

  it('the resume sweep picks up a running batch whose job was lost', async () => {
    const t = app();
    const c = await demo();
    const up = (await c.upload([line('S1'), line('S2'), line('S3')])).json();
    // As if 开具 was pressed and the process died before the job ran: running, nothing created, quiet for long.
    await t.services.db
      .update(invoiceBatches)
      .set({ status: 'running', updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(invoiceBatches.id, up.id));
    await t.services.scheduler.runNow('invoice-batch.resume');
    const done = await waitBatchDone(c, up.id);
    expect(done.progress).toMatchObject({ total: 3, issued: 3 });
  });

  it('refuses to issue a batch with nothing valid, and hides batches from other tenants', async () => {
    const c = await demo();
    const up = (await c.upload([line('X', { 税率: 'abc' })])).json();
    expect(up.invoiceCount).toBe(0);
    const r = await c.issue(up.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('BATCH_NOTHING_TO_ISSUE');
    const brand = batchApi(app(), await app().login('brand', 'Brand@123'));
    expect((await brand.get(up.id)).statusCode).toBe(404);
    expect((await brand.issue(up.id)).statusCode).toBe(404);
    expect((await brand.result(up.id)).statusCode).toBe(404);
    expect((await brand.list()).json().rows.some((b: { id: number }) => b.id === up.id)).toBe(false);
  });

  it('under 预开 (invoiceMethod 0) hands the invoices to finance review and the batch is done', async () => {
    const c = batchApi(app(), await app().login('brand', 'Brand@123'));
    const up = (await c.upload([line('P1'), line('P2')])).json();
    expect((await c.issue(up.id)).statusCode).toBe(200);
    const done = await waitBatchDone(c, up.id);
    expect(done.progress).toMatchObject({ total: 2, pendingReview: 2, issued: 0, percent: 100 });
    const sheet = await readSheet((await c.result(up.id)).rawPayload);
    expect(sheet.slice(1).map((r) => r.at(-3))).toEqual(['待审核', '待审核']);
  });

  it('respects the credit line: invoices beyond it fail with the bureau reason on their rows', async () => {
    const t = app();
    const db = t.services.db;
    const [demoUser] = await db.select().from(users).where(eq(users.username, 'demo'));
    const [tenant] = await db.select().from(tenants).where(eq(tenants.id, demoUser.tenantId!));
    const admin = await t.login('admin', 'Admin@123');
    const credit = (
      await t.app.inject({ url: `/api/billing/v1/creditLine?tenantId=${tenant.id}`, headers: bearer(admin) })
    ).json();
    // Room for two invoices of 212.00 only.
    const setTo = (monthlyLimitFen: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/billing/v1/creditLine',
        headers: bearer(admin),
        payload: { tenantId: tenant.id, monthlyLimitFen },
      });
    expect((await setTo(credit.usedFen + 2 * 21_200 + 100)).statusCode).toBe(200);
    try {
      const c = await demo();
      const up = (await c.upload([line('K1'), line('K2'), line('K3'), line('K4')])).json();
      expect(up.warnings).toEqual([expect.stringContaining('授信额度')]);
      await c.issue(up.id);
      const done = await waitBatchDone(c, up.id);
      expect(done.progress).toMatchObject({ issued: 2, failed: 2 });
      expect(done.failures).toHaveLength(2);
      for (const f of done.failures) {
        expect(f.reason).toContain('授信');
        expect(f.rowNumbers).toHaveLength(1);
      }
      const sheet = await readSheet((await c.result(up.id)).rawPayload);
      const failed = sheet.slice(1).filter((r) => r.at(-3) === '开具失败');
      expect(failed).toHaveLength(2);
      expect(failed[0].at(-1)).toContain('授信');
    } finally {
      await setTo(credit.monthlyLimitFen);
    }
  });
});

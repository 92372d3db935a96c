import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const BASE = '/api/billing/v1/userCommodityCode';
const HEADERS = ['商品名称', '规格型号', '单位', '单价', '税率', '税收分类编码'];

async function xlsx(rows: string[][], headers = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('明细');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer, name = 'invoice.xlsx') {
  const boundary = '----fpyboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const upload = (token: string, file: Buffer) => {
  const { payload, contentType } = multipart(file);
  return app().app.inject({
    method: 'POST',
    url: `${BASE}/importInvoiceInfo`,
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
};
const search = async (token: string, name: string) =>
  (
    await app().app.inject({
      url: `${BASE}/queryList?name=${encodeURIComponent(name)}`,
      headers: bearer(token),
    })
  ).json();

describe('commodity import from invoice lines, and export', () => {
  it('serves a template with the invoice columns', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const res = await app().app.inject({ url: `${BASE}/importInvoiceInfo/template`, headers: bearer(demo) });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual(HEADERS);
  });

  it('imports good lines, skips repeats, and reports each broken row writing nothing for it', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const file = await xlsx([
      ['*软件维护服务*导入维护费', '', '次', '500', '6%', '3040201030000000000'],
      ['导入笔记本', 'T14', '台', '5999.00', '0.13', '1090509010000000000'],
      ['导入笔记本', 'T14', '台', '5999.00', '13%', '1090509010000000000'],
      ['导入免税服务', '', '次', '', '免税', '3040201030000000000'],
      ['导入坏20位', '', '次', '1', '6%', '30402010300000000001'],
      ['导入坏汇总', '', '次', '1', '6%', '3040201000000000000'],
      ['导入坏税率', '', '次', '1', '13%', '3040201030000000000'],
      ['导入坏单价', '', '次', 'abc', '6%', '3040201030000000000'],
      ['导入无税率', '', '次', '1', '', '3040201030000000000'],
    ]);
    const res = await upload(demo, file);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ total: 9, succeeded: 3, skipped: 1, failed: 5 });
    const msg = (row: number) =>
      report.errors.find((e: { rowNumber: number }) => e.rowNumber === row)?.message;
    expect(msg(6)).toMatch(/^第6行：税收分类编码须为19位数字/);
    expect(msg(7)).toContain('汇总项');
    expect(msg(8)).toContain('可选：6%');
    expect(msg(9)).toMatch(/^第9行：单价：/);
    expect(msg(10)).toBe('第10行：税率：不能为空');
    expect((await search(demo, '导入维护费')).rows[0]).toMatchObject({
      printName: '*生产生活服务*导入维护费',
      unitPrice: '500',
    });
    expect((await search(demo, '导入免税')).rows[0]).toMatchObject({ rate: 'rate_0', policy: 'exempt' });
    expect((await search(demo, '导入笔记本')).total).toBe(1);
    expect((await search(demo, '导入坏')).total).toBe(0);
  });

  it('refuses files that are not xlsx, empty, too large, or with the wrong headers', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const notXlsx = await upload(demo, Buffer.from('名称,税率\n a,b'));
    expect(notXlsx.json()).toMatchObject({ status: 400, code: 'FILE_NOT_XLSX' });
    expect((await upload(demo, await xlsx([]))).json().code).toBe('FILE_EMPTY');
    expect((await upload(demo, await xlsx([['a']], ['名称']))).json().code).toBe('FILE_HEADER_MISMATCH');
    const big = await upload(demo, Buffer.alloc(10 * 1024 * 1024, 0x50));
    expect(big.statusCode).toBe(400);
    expect(big.json().code).toBe('FILE_TOO_LARGE');
    const empty = await app().app.inject({
      method: 'POST',
      url: `${BASE}/importInvoiceInfo`,
      headers: { ...bearer(demo), 'content-type': 'application/json' },
      payload: {},
    });
    expect(empty.json().code).toBe('FILE_REQUIRED');
  });

  it('exports the filtered list, own tenant only; the clerk may export but not import', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const res = await app().app.inject({
      url: `${BASE}/export?name=${encodeURIComponent('导入')}`,
      headers: bearer(demo),
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(2).text).toBe('商品名称');
    expect(ws.rowCount).toBe(1 + 3);
    const brand = await app().login('brand', 'Brand@123');
    const other = await app().app.inject({
      url: `${BASE}/export?name=${encodeURIComponent('导入')}`,
      headers: bearer(brand),
    });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(other.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].rowCount).toBe(1);
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await app().app.inject({ url: `${BASE}/export`, headers: bearer(clerk) })).statusCode).toBe(200);
    expect(
      (await upload(clerk, await xlsx([['a', '', '', '', '6%', '3040201030000000000']]))).statusCode,
    ).toBe(403);
  });
});

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const BASE = '/api/billing/v1/customers';
const HEADERS = [
  '客户名称',
  '纳税人识别号',
  '地址',
  '电话',
  '开户行',
  '银行账号',
  '邮箱',
  '手机号',
  '自然人',
  '默认发票类型',
];

async function xlsx(rows: string[][], headers = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('客户');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(token: string, file: Buffer) {
  const boundary = '----fpyboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="customers.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return app().app.inject({
    method: 'POST',
    url: `${BASE}/import`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}
const total = async (token: string, keyword: string) =>
  (
    await app().app.inject({ url: `${BASE}?keyword=${encodeURIComponent(keyword)}`, headers: bearer(token) })
  ).json().total;

describe('customer import and export', () => {
  it('serves the template', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const res = await app().app.inject({ url: `${BASE}/import-template`, headers: bearer(demo) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual(HEADERS);
  });

  it('imports good rows, warns on checksum failures, and reports each broken row writing nothing for it', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const row = (name: string, tax: string, np = '', type = '') => [
      name,
      tax,
      '',
      '',
      '',
      '',
      '',
      '',
      np,
      type,
    ];
    const res = await upload(
      demo,
      await xlsx([
        row('导入客户甲有限公司', '91330106MA2B2ABCDN', '否', '数电发票（增值税专用发票）'),
        row('导入客户乙有限公司', '91350100M0001TGQXM', '', 'digital_ordinary'),
        row('导入自然人丙', '', '是', '数电发票（普通发票）'),
        row('导入坏税号', '123'),
        row('导入缺税号', ''),
        row('导入自然人专票', '', '是', '数电发票（增值税专用发票）'),
        row('导入坏类型', '91330106MA2B2ABCDN', '', '增值税十七票'),
        row('导入重复甲', '91330106MA2B2ABCDN'),
        row('导入坏自然人', '', '也许'),
      ]),
    );
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ total: 9, succeeded: 3, failed: 6 });
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0].message).toMatch(/^第3行：.*校验位不符/);
    const msg = (n: number) => report.errors.find((e: { rowNumber: number }) => e.rowNumber === n)?.message;
    expect(msg(5)).toContain('第5行：纳税人识别号“123”格式不正确');
    expect(msg(6)).toContain('企业客户必须填写');
    expect(msg(7)).toContain('自然人客户只能开具普通发票');
    expect(msg(8)).toContain('默认发票类型');
    expect(msg(9)).toContain('已存在');
    expect(msg(10)).toContain('自然人：');
    expect(await total(demo, '导入')).toBe(3);
  });

  it('refuses bad files', async () => {
    const demo = await app().login('demo', 'Demo@123');
    expect((await upload(demo, Buffer.from('not a workbook'))).json().code).toBe('FILE_NOT_XLSX');
    expect((await upload(demo, await xlsx([]))).json().code).toBe('FILE_EMPTY');
    expect((await upload(demo, await xlsx([['x']], ['名称']))).json().code).toBe('FILE_HEADER_MISMATCH');
    expect((await upload(demo, Buffer.alloc(10 * 1024 * 1024, 0x50))).json().code).toBe('FILE_TOO_LARGE');
  });

  it('exports the filtered list of the own tenant only', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const res = await app().app.inject({
      url: `${BASE}/export?keyword=${encodeURIComponent('导入')}`,
      headers: bearer(demo),
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(4);
    expect(wb.worksheets[0].getRow(1).getCell(1).text).toBe('客户名称');
    const brand = await app().login('brand', 'Brand@123');
    const other = await app().app.inject({
      url: `${BASE}/export?keyword=${encodeURIComponent('导入')}`,
      headers: bearer(brand),
    });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(other.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].rowCount).toBe(1);
  });
});

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const HEADERS = ['用户名', '姓名', '初始密码', '手机号', '邮箱', '部门', '岗位', '用户组'];

async function xlsx(rows: (string | number)[][], headers = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer, name = 'users.xlsx') {
  const boundary = '----fpyboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(token: string, file: Buffer, query = '') {
  const { payload, contentType } = multipart(file);
  return app().app.inject({
    method: 'POST',
    url: `/api/admin/users/import${query}`,
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
}

describe('user import and export', () => {
  it('serves a template whose header row is the import columns', async () => {
    const token = await app().login('demo', 'Demo@123');
    const res = await app().app.inject({ url: '/api/admin/users/import-template', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual(HEADERS);
    expect(wb.worksheets[1].name).toBe('填写说明');
  });

  it('imports good rows and reports each broken row in Chinese, writing nothing for it', async () => {
    const token = await app().login('demo', 'Demo@123');
    const file = await xlsx([
      ['imp.one', '导入一', 'Import123', '13611112222', 'one@example.com', '财务部', '开票员', '普通用户'],
      ['imp.two', '导入二', 'Import123', '', '', '技术部', 'SALES_REP', 'staff、admin'],
      ['imp.bad1', '坏手机', 'Import123', '123', '', '', '', ''],
      ['imp.bad2', '坏密码', 'short', '', '', '', '', ''],
      ['imp.bad3', '无部门', 'Import123', '', '', '不存在部', '', ''],
      ['imp.bad4', '无用户组', 'Import123', '', '', '', '', '不存在组'],
      ['clerk', '重名', 'Import123', '', '', '', '', ''],
      ['imp.one', '文件内重名', 'Import123', '', '', '', '', ''],
      ['', '缺用户名', 'Import123', '', '', '', '', ''],
    ]);
    const res = await upload(token, file);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ total: 9, succeeded: 2, failed: 7 });
    const byRow = Object.fromEntries(
      report.errors.map((e: { rowNumber: number; message: string }) => [e.rowNumber, e.message]),
    );
    expect(byRow[4]).toMatch(/^第4行：手机号：请输入正确的手机号/);
    expect(byRow[5]).toMatch(/第5行：初始密码：密码至少8位/);
    expect(byRow[6]).toMatch(/部门「不存在部」不存在/);
    expect(byRow[7]).toMatch(/用户组「不存在组」不存在/);
    expect(byRow[8]).toMatch(/用户名「clerk」已被使用/);
    expect(byRow[9]).toMatch(/用户名「imp.one」已被使用/);
    expect(byRow[10]).toMatch(/第10行：用户名：/);

    const list = (
      await app().app.inject({ url: '/api/admin/users?keyword=imp.&sort=username', headers: bearer(token) })
    ).json();
    expect(list.rows.map((r: { username: string }) => r.username)).toEqual(['imp.one', 'imp.two']);
    expect(list.rows[0]).toMatchObject({
      departmentName: '财务部',
      positionName: '开票员',
      phone: '13611112222',
      passwordState: 'initial',
    });
    expect(list.rows[1].groups.map((g: { code: string }) => g.code)).toEqual(['admin', 'staff']);
    await app().login('imp.one', 'Import123');
  });

  it('refuses files that are not xlsx or lack the template headers', async () => {
    const token = await app().login('demo', 'Demo@123');
    const notXlsx = await upload(token, Buffer.from('username,name\nx,y'));
    expect(notXlsx.json()).toMatchObject({ status: 400, code: 'FILE_NOT_XLSX' });
    const wrongHeaders = await upload(token, await xlsx([['a', 'b']], ['账号', '名字']));
    expect(wrongHeaders.json().code).toBe('FILE_HEADER_MISMATCH');
    expect(wrongHeaders.json().message).toContain('用户名');
    const noFile = await app().app.inject({
      method: 'POST',
      url: '/api/admin/users/import',
      headers: bearer(token),
      payload: {},
    });
    expect(noFile.json().code).toBe('FILE_REQUIRED');
  });

  it('lets the platform import into a named company only', async () => {
    const admin = await app().login('admin', 'Admin@123');
    const file = await xlsx([['plat.imp', '平台导入', 'Import123', '', '', '', '', '']]);
    expect((await upload(admin, file)).json().code).toBe('TENANT_REQUIRED');
    const brand = (
      await app().app.inject({ url: '/api/admin/users?keyword=brand', headers: bearer(admin) })
    ).json().rows[0];
    const res = await upload(admin, file, `?tenantId=${brand.tenantId}`);
    expect(res.json()).toMatchObject({ succeeded: 1, failed: 0 });
    const got = (
      await app().app.inject({ url: '/api/admin/users?keyword=plat.imp', headers: bearer(admin) })
    ).json();
    expect(got.rows[0].tenantName).toBe('品牌定制集团有限公司');
  });

  it('exports the filtered list as a workbook exceljs can open', async () => {
    const token = await app().login('demo', 'Demo@123');
    const res = await app().app.inject({
      url: '/api/admin/users/export?keyword=imp.&sort=username',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).text).toBe('用户名');
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).getCell(1).text).toBe('imp.one');
    expect(ws.getRow(2).getCell(6).text).toBe('财务部');
    expect(ws.getRow(3).getCell(8).text).toBe('管理员、普通用户');
    expect(ws.getRow(2).getCell(12).text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const BASE = '/api/billing/v1/userCommodityCode';

async function workbook(header: string, names: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  ws.addRow([header]);
  for (const n of names) ws.addRow([n]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(name: string, data: Buffer) {
  const boundary = `----ai${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const post = (token: string, path: string, payload: object) =>
  app().app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: bearer(token), payload });

async function waitDone(token: string, jobId: number) {
  for (let i = 0; i < 900; i++) {
    const r = (await post(token, 'batchAiCodingResult', { jobId })).json();
    if (r.status === 'done' || r.status === 'failed') return r;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('job did not finish');
}

describe('batch AI-assisted coding', () => {
  it('runs a job end to end: upload, progress, result, export, accept into memory', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const template = await app().app.inject({ url: `${BASE}/batchAiCoding/template`, headers: bearer(demo) });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');

    const names = ['华为Mate60 Pro 手机', '滴滴出行打车费', '蒙牛纯牛奶', '办公室装修工程'];
    const body = multipart('names.xlsx', await workbook('商品名称', names));
    const up = await app().app.inject({
      method: 'POST',
      url: `${BASE}/batchAiCoding`,
      headers: { ...bearer(demo), ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().total).toBe(4);
    const done = await waitDone(demo, up.json().jobId);
    expect(done).toMatchObject({ status: 'done', total: 4, processed: 4 });
    expect(done.rows.map((r: { name: string }) => r.name)).toEqual(names);
    expect(done.rows[0].suggestions[0].name).toBe('移动通信手持机（手机）');
    expect(done.rows[1].suggestions).toHaveLength(3);

    const xlsx = await app().app.inject({
      url: `${BASE}/batchAiCodingResult/export?jobId=${up.json().jobId}`,
      headers: bearer(demo),
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(2).getCell(3).text).toBe(done.rows[0].suggestions[0].code);

    const rows = done.rows.map((r: { id: number; suggestions: { code: string }[] }) => ({
      id: r.id,
      code: r.suggestions[0].code,
    }));
    const accepted = await post(demo, 'batchAiCodingResult/accept', { jobId: up.json().jobId, rows });
    expect(accepted.json()).toEqual({ accepted: 4 });
    const again = await app().app.inject({
      url: `${BASE}/aiCoding?name=${encodeURIComponent('蒙牛纯牛奶')}`,
      headers: bearer(demo),
    });
    expect(again.json().suggestions[0].source).toBe('memory');

    // Another tenant cannot read, export or accept this job.
    const brand = await app().login('brand', 'Brand@123');
    expect((await post(brand, 'batchAiCodingResult', { jobId: up.json().jobId })).statusCode).toBe(404);
    expect(
      (await post(brand, 'batchAiCodingResult/accept', { jobId: up.json().jobId, rows })).statusCode,
    ).toBe(404);
  }, 150_000);

  it('refuses files that are not the template', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const send = async (name: string, data: Buffer) => {
      const body = multipart(name, data);
      return app().app.inject({
        method: 'POST',
        url: `${BASE}/batchAiCoding`,
        headers: { ...bearer(demo), ...body.headers },
        payload: body.payload,
      });
    };
    const csv = await send('names.csv', Buffer.from('商品名称\n餐费\n'));
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toContain('xlsx');
    const header = await send('x.xlsx', await workbook('名称', ['餐费']));
    expect(header.json().message).toContain('商品名称');
    expect((await send('x.xlsx', await workbook('商品名称', []))).statusCode).toBe(400);
  });

  it('needs a coding page to read results and 智能赋码 to start or accept a batch', async () => {
    const nobody = await bareUserToken(app());
    expect((await post(nobody, 'batchAiCodingResult', { jobId: 1 })).statusCode).toBe(403);
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await post(clerk, 'batchAiCoding', {})).statusCode).toBe(403);
    expect((await post(clerk, 'batchAiCodingResult/accept', { jobId: 1, rows: [] })).statusCode).toBe(403);
  });
});

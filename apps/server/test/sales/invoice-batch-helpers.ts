import ExcelJS from 'exceljs';
import type { TestApp } from '../harness.ts';
import { bearer } from '../harness.ts';

export const BATCH_URL = '/api/billing/v1/invoice-batches';

export const HEADERS = [
  '单据号',
  '发票类型',
  '购买方名称',
  '购买方税号',
  '购买方地址电话',
  '开户行及账号',
  '购买方邮箱',
  '备注',
  '含税标志',
  '商品名称',
  '税收分类编码',
  '商品编码',
  '规格型号',
  '单位',
  '数量',
  '单价',
  '金额',
  '税率',
  '优惠政策',
] as const;
export type BatchRow = Partial<Record<(typeof HEADERS)[number], string>>;

/** A valid line of a 数电普票 to 上海云帆: 2 × 100.00 at 6%. */
export function line(doc: string, over: BatchRow = {}): BatchRow {
  return {
    单据号: doc,
    发票类型: '数电普票',
    购买方名称: '上海云帆信息技术有限公司',
    购买方税号: '91310104MA1FR8KX39',
    含税标志: '否',
    商品名称: '*软件维护服务*接口服务费',
    税收分类编码: '3040201030000000000',
    单位: '次',
    数量: '2',
    单价: '100',
    税率: '6%',
    ...over,
  };
}

export async function batchWorkbook(rows: BatchRow[], headers: readonly string[] = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('批量开具');
  ws.addRow([...headers]);
  for (const r of rows) ws.addRow(headers.map((h) => r[h as keyof BatchRow] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function multipart(name: string, data: Buffer) {
  const boundary = `----batch${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Reads a downloaded xlsx: the first sheet as arrays of cell texts (row 1 = header). */
export async function readSheet(data: Buffer, sheet = 0): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[sheet].eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (c, col) => {
      cells[col - 1] = String(c.text ?? '');
    });
    out.push(cells);
  });
  return out;
}

export function batchApi(t: TestApp, token: string) {
  const h = bearer(token);
  return {
    template: () => t.app.inject({ url: `${BATCH_URL}/template`, headers: h }),
    upload: async (rows: BatchRow[], name = 'batch.xlsx') => {
      const m = multipart(name, await batchWorkbook(rows));
      return t.app.inject({
        method: 'POST',
        url: `${BATCH_URL}/upload`,
        headers: { ...h, ...m.headers },
        payload: m.payload,
      });
    },
    uploadRaw: (name: string, data: Buffer) => {
      const m = multipart(name, data);
      return t.app.inject({
        method: 'POST',
        url: `${BATCH_URL}/upload`,
        headers: { ...h, ...m.headers },
        payload: m.payload,
      });
    },
    issue: (id: number) => t.app.inject({ method: 'POST', url: `${BATCH_URL}/${id}/issue`, headers: h }),
    get: (id: number) => t.app.inject({ url: `${BATCH_URL}/${id}`, headers: h }),
    result: (id: number) => t.app.inject({ url: `${BATCH_URL}/${id}/result`, headers: h }),
    list: (qs = '') => t.app.inject({ url: `${BATCH_URL}${qs}`, headers: h }),
  };
}

/** Polls the batch until it is done (the issue jobs run in the background). */
export async function waitBatchDone(api: ReturnType<typeof batchApi>, id: number, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const b = (await api.get(id)).json();
    if (b.status === 'done') return b;
    if (Date.now() > end) throw new Error(`batch ${id} not done: ${JSON.stringify(b.progress)}`);
    // As often as a progress bar polls, not more: ten requests a second make the server "busy" (jobs/api-load.ts),
    // and background work then yields to them, so a test polling faster would slow down the very batch it waits on.
    await new Promise((r) => setTimeout(r, 250));
  }
}

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launch, login, type Session, screenshotOnFailure } from './helpers.ts';

const PAGE = '/outputInvoiceManager/batchInvoice';
const HEADERS = [
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
];
const ROWS = 50;
const INVOICES = 25;

/** 50 lines, two per 单据号: 25 small 数电普票 (well inside the sandbox's default 100万 monthly credit line). */
async function writeWorkbook(file: string) {
  const tag = Date.now().toString(36);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('批量开具');
  ws.addRow(HEADERS);
  for (let i = 0; i < ROWS; i++) {
    const doc = `E2E-${tag}-${Math.floor(i / 2) + 1}`;
    const values: Record<string, string> = {
      单据号: doc,
      发票类型: '数电普票',
      购买方名称: '上海云帆信息技术有限公司',
      购买方税号: '91310104MA1FR8KX39',
      含税标志: '否',
      商品名称: i % 2 ? '*信息技术服务*软件开发' : '*软件维护服务*接口服务费',
      税收分类编码: '3040201030000000000',
      单位: '次',
      数量: String((i % 5) + 1),
      单价: '100',
      税率: '6%',
    };
    ws.addRow(HEADERS.map((h) => values[h] ?? ''));
  }
  await wb.xlsx.writeFile(file);
}

describe('批量开具', () => {
  let s: Session;
  const dir = mkdtempSync(join(tmpdir(), 'fpy-batch-'));
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'invoice-batch'));
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('demo uploads 50 rows, issues them, watches the progress reach 100% and downloads the result', async () => {
    const { page } = s;
    const file = join(dir, '五十行.xlsx');
    await writeWorkbook(file);
    await login(page, 'demo', 'Demo@123');
    await page.goto(PAGE);
    await page.getByRole('button', { name: '下载模板' }).waitFor();

    const uploaded = page.waitForResponse(
      (r) => r.url().includes('/invoice-batches/upload') && r.request().method() === 'POST',
    );
    await page.locator('input[type=file]').setInputFiles(file);
    expect((await uploaded).status()).toBe(200);
    const panel = page.getByTestId('batch-panel');
    await panel.getByText(`校验通过 ${ROWS} 行（${INVOICES} 张发票）`).waitFor();
    await panel.getByText('校验失败 0 行').waitFor();

    await panel.getByRole('button', { name: `开具 ${INVOICES} 张发票` }).click();
    const progress = page.getByTestId('batch-progress');
    await progress.waitFor();
    await progress.getByText('批次已完成').waitFor({ timeout: 90_000 });
    await expect.poll(() => progress.locator('.ant-progress').getAttribute('aria-valuenow')).toBe('100');
    await progress.getByText(`已开具 ${INVOICES}，开具失败 0`).waitFor();

    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: '下载结果' }).click();
    const saved = join(dir, 'result.xlsx');
    await (await downloading).saveAs(saved);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(saved) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as string[]).slice(1);
    expect(header.slice(-3)).toEqual(['结果', '发票号码', '原因']);
    expect(ws.rowCount).toBe(ROWS + 1);
    const results = new Set<string>();
    const numbers = new Set<string>();
    for (let r = 2; r <= ws.rowCount; r++) {
      const row = ws.getRow(r);
      results.add(row.getCell(header.length - 2).text);
      numbers.add(row.getCell(header.length - 1).text);
    }
    expect([...results]).toEqual(['已开具']);
    expect(numbers.size).toBe(INVOICES);
    for (const n of numbers) expect(n).toMatch(/^\d{20}$/);

    // The history lists the batch as finished.
    await page
      .locator('.ant-card')
      .filter({ hasText: '批量开具记录' })
      .getByText('五十行.xlsx')
      .first()
      .waitFor();
  });
});

import {
  type CheckBatchReply,
  type CheckElements,
  checkElements,
  formatMessage,
  MAX_CHECK_BATCH,
  type MessageKey,
} from '@fpy/contracts';
import { parseYuan } from '@fpy/domain';
import { randomUUID } from 'node:crypto';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import type { ExcelColumn } from '../../../lib/excel.ts';
import { runCheck } from './verbs/run-check.ts';

/** One line of a pasted list or one sheet row, as typed. */
export interface RawCheckRow {
  row: number;
  code: string;
  number: string;
  issueDate: string;
  amount: string;
  checkCodeLast6: string;
}

export const BATCH_COLUMNS: ExcelColumn<RawCheckRow>[] = [
  { key: 'code', header: '发票代码', width: 16 },
  { key: 'number', header: '发票号码', width: 24 },
  { key: 'issueDate', header: '开票日期', width: 14 },
  { key: 'amount', header: '金额', width: 14 },
  { key: 'checkCodeLast6', header: '校验码后6位', width: 14 },
];

/** yyyy-MM-dd from the spellings a sheet or a paste carries: 2026-10-09, 2026/10/9, 20261009, 2026年10月9日. */
export function normaliseDay(s: string): string {
  const t = s.trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(t);
  if (m) return `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  return t;
}

/** Lines `发票代码,发票号码,开票日期,金额,校验码后6位` (comma, tab or Chinese comma); blank lines skipped. */
export function rowsOfText(text: string): (RawCheckRow | { row: number; columns: true })[] {
  const out: (RawCheckRow | { row: number; columns: true })[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const cells = line.split(/[,\t，]/).map((c) => c.trim());
    if (cells.length < 4 || cells.length > 5) {
      out.push({ row: i + 1, columns: true });
      return;
    }
    const [code, number, issueDate, amount, checkCodeLast6 = ''] = cells;
    out.push({ row: i + 1, code, number, issueDate, amount, checkCodeLast6 });
  });
  return out;
}

type Parsed = { ok: true; elements: CheckElements } | { ok: false; error: string; field: string | null };

function parseRow(raw: RawCheckRow, lang: 'zh' | 'en'): Parsed {
  const code = raw.code.trim();
  let fen: number | undefined;
  if (raw.amount.trim()) {
    const f = parseYuan(raw.amount.trim().replace(/[,¥￥]/g, ''));
    if (f === null)
      return { ok: false, error: formatMessage('CHECK_ROW.amount', undefined, lang), field: 'amount' };
    fen = Number(f);
  }
  const candidate = {
    code: code || undefined,
    number: raw.number.trim(),
    issueDate: normaliseDay(raw.issueDate),
    ...(code ? { amountFen: fen } : { totalFen: fen }),
    checkCodeLast6: raw.checkCodeLast6.trim().slice(-6) || undefined,
  };
  const parsed = checkElements.safeParse(candidate);
  if (parsed.success) return { ok: true, elements: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: issue.message, field: issue.path.map(String).join('.') || null };
}

/**
 * Checks a batch row by row (one bureau call each, in order): a row that cannot be read gets its reason and the
 * field, the others are checked and recorded under one batch id.
 */
export async function checkRows(
  ctx: AuthedCtx,
  rows: (RawCheckRow | { row: number; columns: true })[],
): Promise<CheckBatchReply> {
  if (!rows.length) throw badRequest('CHECK_BATCH_EMPTY');
  if (rows.length > MAX_CHECK_BATCH) throw badRequest('CHECK_BATCH_TOO_MANY', { max: MAX_CHECK_BATCH });
  const batchId = `B${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  const counts = { match: 0, mismatch: 0, not_found: 0, failed: 0, invalid: 0 };
  const out: CheckBatchReply['rows'] = [];
  for (const raw of rows) {
    if ('columns' in raw) {
      counts.invalid++;
      const key: MessageKey = 'CHECK_ROW.columns';
      out.push({ row: raw.row, record: null, error: formatMessage(key, undefined, ctx.lang), field: null });
      continue;
    }
    const p = parseRow(raw, ctx.lang);
    if (!p.ok) {
      counts.invalid++;
      out.push({ row: raw.row, record: null, error: p.error, field: p.field });
      continue;
    }
    const record = await runCheck(ctx, p.elements, 'batch', batchId);
    counts[record.result]++;
    out.push({ row: raw.row, record, error: null, field: null });
  }
  return { batchId, rows: out, counts };
}

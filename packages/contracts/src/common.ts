import { MAX_AMOUNT_FEN, unprintableChar } from '@fpy/domain';
import { z } from 'zod';

/**
 * The bounded building blocks every contract uses (issue 12 §5): whatever a client sends, a field either fits
 * what the database, the money code and the invoice face can hold, or the request is a 400 naming the field.
 * Add a route with these and it refuses oversized ids, control characters, impossible dates, unknown sort keys
 * and unrepresentable amounts without further thought.
 */

/** Error body of every non-2xx reply: numeric status (spec §8), stable code, message in the user's language. */
export const errorReply = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  details: z.unknown().optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

export const okReply = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------------------
// Ids

/** Every id column is a PostgreSQL `integer`: a larger number overflows in the database instead of matching. */
export const MAX_ID = 2_147_483_647;

/** An id with the form's own wording when it is missing or not an id ('请选择蓝字发票'). */
export const idWith = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, `ID不能大于${MAX_ID}`);

/** Ids travel as positive integers within int4; path and query strings arrive as text and are coerced. */
export const idSchema = idWith('须为正整数ID');
export const idParams = z.object({ id: idSchema });

/** A list of ids in a body (batch delete, members, grants): bounded, each one an int4 id. */
export function idArray(max: number, opts: { min?: number; minMessage?: string; maxMessage?: string } = {}) {
  const list = z.array(idSchema).max(max, opts.maxMessage ?? `一次最多选择${max}项`);
  return opts.min ? list.min(opts.min, opts.minMessage ?? '请至少选择一项') : list;
}

/** An optional id filter of a query string: '' (a cleared filter) and null mean "no filter", never 0. */
export const optionalQueryId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  idSchema.optional(),
);

// ---------------------------------------------------------------------------------------------------------
// Text

export const CONTROL_CHAR_MESSAGE = '不能包含控制字符';
export const NUL_CHAR_MESSAGE = '不能包含空字符（\\0）';
export const BROKEN_CHAR_MESSAGE = '包含无效的字符';

/** C0 controls (tab, newline and carriage return only where a field allows lines), DEL and C1 controls. */
function isControl(unit: number, allowNewlines: boolean): boolean {
  if (unit < 0x20) return !(allowNewlines && (unit === 0x09 || unit === 0x0a || unit === 0x0d));
  return unit >= 0x7f && unit <= 0x9f;
}

/**
 * Why a string may not be stored as text, or null: a NUL byte (PostgreSQL refuses it in text), another control
 * character, or half of a surrogate pair (not a character; PostgreSQL refuses it in UTF-8). Shared by the
 * schemas and the raw-request walk of the server.
 */
export function textProblem(s: string, allowNewlines = false): string | null {
  let control = false;
  let broken = false;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u === 0) return NUL_CHAR_MESSAGE;
    if (isControl(u, allowNewlines)) control = true;
    else if (u >= 0xd800 && u <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else broken = true;
    } else if (u >= 0xdc00 && u <= 0xdfff) broken = true;
  }
  return control ? CONTROL_CHAR_MESSAGE : broken ? BROKEN_CHAR_MESSAGE : null;
}

const cleanText = (max: number, allowNewlines: boolean, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    // .check, not .superRefine: zod's superRefine makes a closure on every value it checks, and a 20-line
    // invoice has a hundred texts; that garbage outlived the requests and doubled the time spent collecting
    // it (issue 28 §10).
    .check((ctx) => {
      const problem = textProblem(ctx.value, allowNewlines);
      if (problem) ctx.issues.push({ code: 'custom', message: label + problem, input: ctx.value });
    });

/**
 * Free text as typed in the console: trimmed, at most 255 characters unless a field says otherwise (spec §9),
 * one line, no control characters and no broken characters. `label` names the field in messages (商品名称不能
 * 超过90个字符); without it the server's reply still names the field by its key.
 */
export const text = (max = 255, label = '') => cleanText(max, false, label);
/** Free text that may hold line breaks (descriptions, notes); other control characters are still refused. */
export const multilineText = (max = 255, label = '') => cleanText(max, true, label);
export const optionalText = (max = 255, label = '') => text(max, label).optional().nullable();
/** A form field that may be left blank: '' and null both become null. */
export const blankText = (max = 255, label = '') =>
  text(max, label)
    .nullish()
    .transform((v) => v || null);

/** How a refused face character is shown in the message: itself and its code point. */
const showChar = (ch: string) =>
  `“${ch}”（U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}）`;

const printable = (max: number, allowNewlines: boolean, label: string) =>
  cleanText(max, allowNewlines, label).check((ctx) => {
    const v = ctx.value;
    if (textProblem(v, allowNewlines)) return; // already reported
    const ch = unprintableChar(allowNewlines ? v.replace(/[\t\r\n]/g, ' ') : v);
    if (ch)
      ctx.issues.push({
        code: 'custom',
        message: `${label}不能包含发票上无法打印的字符${showChar(ch)}`,
        input: v,
      });
  });

/**
 * Text printed on an invoice's legal face (buyer/seller names, addresses, phone, bank and account, line names,
 * specifications, units, the drawer): besides `text`, only characters the embedded fonts draw and the bureau
 * accepts (unprintableChar of @fpy/domain), so the PDF never shows a name the XML does not carry.
 */
export const faceText = (max = 255, label = '') => printable(max, false, label);
/** 备注, typed in a text area: its line breaks are laid out, every other character must print. */
export const faceLines = (max = 255, label = '') => printable(max, true, label);
export const optionalFaceText = (max = 255, label = '') => faceText(max, label).optional().nullable();
export const blankFaceText = (max = 255, label = '') =>
  faceText(max, label)
    .nullish()
    .transform((v) => v || null);

/** A form field that may be left blank: '' and null become null, anything else must pass `schema`. */
export const blankAsNull = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullish())
    .transform((v): z.output<T> | null => v ?? null);

/** An optional field where a blank string means "not given" (so its format check does not fire on ''). */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

// ---------------------------------------------------------------------------------------------------------
// Dates

/** Years a business date may fall in: wide enough for any invoice, narrow enough for every date library. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

/** Whether yyyy-MM-dd names a day that exists (no 2026-02-30, no month 13, no day 0) within the sane years. */
export function isCalendarDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < MIN_YEAR || y > MAX_YEAR || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** A day picked in the console's date filters: yyyy-MM-dd in Asia/Shanghai (spec §9 presets), a real day. */
export const calendarDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd')
  .refine(isCalendarDay, `日期不存在或不在${MIN_YEAR}–${MAX_YEAR}年之间`);

/** An optional from–to pair of days; `dateOrder` refuses a range that ends before it starts. */
export const dateRange = { dateFrom: calendarDay.optional(), dateTo: calendarDay.optional() };
export const dateOrder = (q: { dateFrom?: string; dateTo?: string }) =>
  !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo;
export const DATE_ORDER_ISSUE = { message: '开始日期不能晚于结束日期', path: ['dateTo'] };

/** An instant: ISO 8601 with offset, or yyyy-MM-dd[ HH:mm:ss] — a real day and time either way. */
export const isoDate = z
  .string()
  .trim()
  .max(40)
  .refine((s) => {
    const day = s.slice(0, 10);
    if (!isCalendarDay(day)) return false;
    if (s.length === 10) return true;
    if (/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(s)) return true;
    return z.iso.datetime({ offset: true }).safeParse(s).success && !Number.isNaN(Date.parse(s));
  }, '时间格式应为 yyyy-MM-dd HH:mm:ss 或 ISO 8601');

// ---------------------------------------------------------------------------------------------------------
// Lists: paging and sorting

/** Deeper than this no console user pages; it also keeps OFFSET far from PostgreSQL's bigint. */
export const MAX_PAGE = 100_000;

/** ?page=1&limit=20: every list's paging. A route that sorts adds `sort` through pagedQuery. */
export const pageQuery = z.object({
  page: z.coerce
    .number()
    .int('页码须为整数')
    .min(1, '页码须从1开始')
    .max(MAX_PAGE, `页码不能超过${MAX_PAGE}`)
    .default(1),
  limit: z.coerce
    .number()
    .int('每页条数须为整数')
    .min(1, '每页至少1条')
    .max(500, '每页最多500条')
    .default(20),
});

/**
 * `sort=field` or `sort=-field` (descending) over the route's own sortable fields and nothing else: an unknown
 * key, `__proto__` or `constructor` is a 400, never a lookup on an object.
 */
export function sortParam<const K extends string>(keys: readonly [K, ...K[]]) {
  const values = keys.flatMap((k) => [k, `-${k}` as const]) as [K | `-${K}`, ...(K | `-${K}`)[]];
  const message = `排序字段只能是 ${keys.join('、')}（前加 - 为倒序）`;
  // Any text goes in (the console's tables hand over a column key), only an allowlisted key comes out.
  return z
    .string(message)
    .max(64, message)
    .pipe(z.enum(values, { error: message }))
    .optional();
}

/** Paging plus sorting over the given keys: ?page=1&limit=20&sort=-createdAt. */
export const pagedQuery = <const K extends string>(sortable: readonly [K, ...K[]]) =>
  pageQuery.extend({ sort: sortParam(sortable) });

export function pageReply<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int() });
}

// ---------------------------------------------------------------------------------------------------------
// Money and decimal figures

/** Integer 分 within the 12-digit rule of domain notes §4.4, either sign (discount and red lines are negative). */
export const fenAmount = z
  .number({ error: '金额须为以分计的整数' })
  .int('金额须为以分计的整数')
  .min(-MAX_AMOUNT_FEN, '金额超出范围：整数部分不能超过12位')
  .max(MAX_AMOUNT_FEN, '金额超出范围：整数部分不能超过12位');
/** The same, never negative (limits, totals a user enters). */
export const nonNegativeFen = fenAmount.min(0, '金额不能为负数');

/** Quantities and unit prices: ≤ 12 integer digits (§4.4) and ≤ 13 decimals (kept internally, §4.4). */
export const MAX_DECIMAL_INTEGER_DIGITS = 12;
export const MAX_DECIMAL_FRACTION_DIGITS = 13;

/**
 * A decimal as text, never a binary float: `label` names it in the message. `signed` allows a leading minus
 * (red and discount lines carry negative quantities; the tax engine judges signs).
 */
function decimalRule(label: string, opts: { signed?: boolean; fractionDigits?: number }) {
  const frac = opts.fractionDigits ?? MAX_DECIMAL_FRACTION_DIGITS;
  const re = new RegExp(
    `^${opts.signed ? '-?' : ''}\\d{1,${MAX_DECIMAL_INTEGER_DIGITS}}(\\.\\d{1,${frac}})?$`,
  );
  const sign = opts.signed ? '' : '不小于0的';
  return {
    re,
    message: `${label}须为${sign}数字，整数部分最多${MAX_DECIMAL_INTEGER_DIGITS}位，最多${frac}位小数`,
  };
}

export function decimalText(label: string, opts: { signed?: boolean; fractionDigits?: number } = {}) {
  const { re, message } = decimalRule(label, opts);
  return z.string().trim().max(40, `${label}不能超过40个字符`).regex(re, message);
}

/**
 * decimalText for a field that may be left blank: '' (after trimming) means "not given". Checks on one string
 * schema rather than blankAsAbsent's preprocess pipe, whose per-value objects on every line of every invoice
 * were a good part of what the request path had to collect (issue 28 §10).
 */
export function optionalDecimalText(label: string, opts: { signed?: boolean; fractionDigits?: number } = {}) {
  const { re, message } = decimalRule(label, opts);
  return z
    .string()
    .trim()
    .max(40, `${label}不能超过40个字符`)
    .overwrite((v) => (v === '' ? (undefined as unknown as string) : v))
    .check((ctx) => {
      if (ctx.value !== undefined && !re.test(ctx.value))
        ctx.issues.push({
          code: 'invalid_format',
          format: 'regex',
          pattern: re.source,
          message,
          input: ctx.value,
        });
    })
    .optional();
}

/** An amount typed in yuan (filters): at most 12 integer digits and 2 decimals, never negative. */
export const yuanText = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, '金额格式不正确：整数部分最多12位，最多两位小数');

// ---------------------------------------------------------------------------------------------------------
// Partial updates

type Unwrapped<S> = S extends z.ZodDefault<infer I> ? I : S;
export type PatchShape<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodOptional<Unwrapped<S[K]>> };

/**
 * The body of an update: every field of the create form, each optional, without its default. A field left out
 * stays as it is — a default or a blank-to-null transform would otherwise overwrite it (a name-only PUT once
 * cleared a user's phone and e-mail). Sent as null or '', a nullable field is cleared as before.
 */
export function patchOf<S extends z.ZodRawShape>(shape: S) {
  const out: Record<string, z.ZodType> = {};
  for (const [key, s] of Object.entries(shape) as [string, z.ZodType][]) {
    const core = s instanceof z.ZodDefault ? (s.def.innerType as z.ZodType) : s;
    out[key] = core.optional();
  }
  return z.object(out as PatchShape<S>);
}

/** Keys of a parsed patch that were sent (a value of undefined means "leave as is"). */
export function providedOf<T extends Record<string, unknown>>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// ---------------------------------------------------------------------------------------------------------
// Imports

/** One problem of one spreadsheet row (row numbers as the user sees them in Excel). */
export const rowIssue = z.object({ rowNumber: z.number().int(), message: z.string() });

/** Row-by-row outcome of every Excel import; a report may add fields (skipped rows, warnings). */
export const importReport = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  errors: z.array(rowIssue),
});
export type ImportReport = z.infer<typeof importReport>;

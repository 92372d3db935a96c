/**
 * The tax-code table file: CSV (UTF-8, optional BOM) in the columns of packages/db/reference/
 * tax-classification-codes.csv. Parsed and checked as a whole before anything is written, so a broken file
 * is refused with the rows at fault and the stored table stays as it was.
 */
export const TABLE_COLUMNS = [
  'code',
  'name',
  'short_name',
  'description',
  'vat_rates',
  'keywords',
  'parent_code',
  'level',
  'is_leaf',
  'is_summary',
] as const;

export interface TaxCodeRow {
  code: string;
  name: string;
  shortName: string;
  description: string;
  vatRates: string;
  keywords: string;
  parentCode: string | null;
  level: number;
  isLeaf: boolean;
  isSummary: boolean;
}

export type ParseResult = { rows: TaxCodeRow[] } | { problems: string[] };

const MAX_PROBLEMS = 20;

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks (the gold rows do). */
export function csvRecords(text: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      if (fields.length > 1 || fields[0] !== '') out.push({ line: startLine, fields });
      fields = [];
      field = '';
      line++;
      startLine = line;
    } else field += c;
  }
  if (field !== '' || fields.length) {
    fields.push(field);
    out.push({ line: startLine, fields });
  }
  return out;
}

const bool = (v: string) => (v === 'true' ? true : v === 'false' ? false : null);

export function parseTable(text: string): ParseResult {
  const records = csvRecords(text.replace(/^\uFEFF/, ''));
  if (!records.length) return { problems: ['文件为空'] };
  const header = records[0].fields.map((h) => h.trim());
  if (header.join(',') !== TABLE_COLUMNS.join(','))
    return { problems: [`表头应为：${TABLE_COLUMNS.join(',')}`] };
  if (records.length < 2) return { problems: ['文件中没有编码行'] };
  const problems: string[] = [];
  const rows: TaxCodeRow[] = [];
  const seen = new Set<string>();
  for (const { line, fields } of records.slice(1)) {
    if (problems.length >= MAX_PROBLEMS) break;
    const bad = (m: string) => problems.push(`第${line}行：${m}`);
    if (fields.length !== TABLE_COLUMNS.length) {
      bad(`应有${TABLE_COLUMNS.length}列，实际${fields.length}列`);
      continue;
    }
    const [code, name, shortName, description, vatRates, keywords, parent, level, isLeaf, isSummary] =
      fields.map((f) => f.trim());
    const lv = Number(level);
    if (!/^\d{19}$/.test(code)) bad(`编码 code「${code}」须为19位数字`);
    else if (seen.has(code)) bad(`编码 code ${code} 重复`);
    else if (!name) bad(`名称 name 不能为空（${code}）`);
    else if (parent && !/^\d{19}$/.test(parent)) bad(`上级编码 parent_code「${parent}」须为19位数字`);
    else if (!Number.isInteger(lv) || lv < 1 || lv > 10) bad(`层级 level「${level}」须为1-10的整数`);
    else if (bool(isLeaf) === null || bool(isSummary) === null) bad('is_leaf、is_summary 须为 true 或 false');
    else if ((lv === 1) !== !parent) bad(`层级 level ${lv} 与上级编码 parent_code 不一致`);
    else {
      seen.add(code);
      rows.push({
        code,
        name,
        shortName: shortName || name,
        description,
        vatRates,
        keywords,
        parentCode: parent || null,
        level: lv,
        isLeaf: bool(isLeaf) as boolean,
        isSummary: bool(isSummary) as boolean,
      });
    }
  }
  if (!problems.length) {
    for (const r of rows) {
      if (problems.length >= MAX_PROBLEMS) break;
      if (r.parentCode && !seen.has(r.parentCode))
        problems.push(`编码 ${r.code} 的上级编码 parent_code ${r.parentCode} 不在文件中`);
    }
  }
  return problems.length ? { problems } : { rows };
}

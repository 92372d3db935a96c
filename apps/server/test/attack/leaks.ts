import ExcelJS from 'exceljs';
import type { Collected } from './ids.ts';

/**
 * What only the victim company has: its invoice numbers, customer names, tax numbers, user names… taken from
 * its own list replies, less everything the attacker's company sees in its own lists and files (shared
 * catalogues, dictionaries, a template's example rows, values both companies happen to hold). A reply to the
 * attacker that contains one of these is a leak.
 */
const IDENTIFYING_KEYS = new Set([
  'number',
  'buyerName',
  'sellerName',
  'name',
  'taxNumber',
  'username',
  'email',
  'mobile',
  'phone',
  'creditCode',
  'clientSerial',
]);

export interface Secrets {
  /** Text only the victim holds, at least 4 characters. */
  strings: Set<string>;
  /** list path → ids only the victim's list shows */
  ids: Map<string, Set<number>>;
}

function strings(rows: unknown[], keys?: Set<string>): Set<string> {
  const out = new Set<string>();
  const visit = (v: unknown, key: string) => {
    if (typeof v === 'string') {
      if (!keys || keys.has(key)) out.add(v);
    } else if (Array.isArray(v)) for (const x of v) visit(x, key);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, k);
  };
  for (const r of rows) visit(r, '');
  return out;
}

export function secretsOf(victim: Collected, attacker: Collected): Secrets {
  const seen = strings([...attacker.rows.values()].flat());
  const mine = strings([...victim.rows.values()].flat(), IDENTIFYING_KEYS);
  const ids = new Map<string, Set<number>>();
  for (const [list, victimIds] of victim.byList) {
    const theirs = new Set(attacker.byList.get(list) ?? []);
    const only = victimIds.filter((id) => !theirs.has(id));
    if (only.length) ids.set(list, new Set(only));
  }
  // Text the attacker's own files show (a template's example row) is not the victim's either.
  const files = attacker.sheets.join('\n');
  const only = [...mine].filter((s) => [...s].length >= 4 && !seen.has(s) && !files.includes(s));
  return { strings: new Set(only), ids };
}

/** The secrets a reply shows: secret text anywhere in it, or a secret id as the `id` of a row of that list. */
export function leaksIn(body: string, json: unknown, secrets: Secrets, list: string | undefined): string[] {
  const found = [...secrets.strings].filter((s) => body.includes(s));
  const ids = list ? secrets.ids.get(list) : undefined;
  if (ids) {
    const visit = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (typeof o.id === 'number' && ids.has(o.id)) found.push(`${list} id ${o.id}`);
        Object.values(o).forEach(visit);
      }
    };
    visit(json);
  }
  return found;
}

/** The text of every cell of a spreadsheet reply (exports), so a leak inside a file is seen too. */
export async function spreadsheetText(data: Buffer): Promise<string> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    return '';
  }
  const out: string[] = [];
  book.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        out.push(cell.text);
      });
    });
  });
  return out.join('\n');
}

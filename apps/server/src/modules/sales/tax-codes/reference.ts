import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseTable, type TaxCodeRow } from './table-file.ts';

/** The table shipped in the repository (provenance: packages/db/reference/tax-classification-codes.SOURCE.md). */
export const REFERENCE_FILE = fileURLToPath(
  new URL('../../../../../../packages/db/reference/tax-classification-codes.csv', import.meta.url),
);
export const REFERENCE_VERSION = '2026.6.1';

let cached: TaxCodeRow[] | null = null;

export function referenceRows(): TaxCodeRow[] {
  if (cached) return cached;
  const parsed = parseTable(readFileSync(REFERENCE_FILE, 'utf8'));
  if ('problems' in parsed) throw new Error(`reference tax-code table is broken: ${parsed.problems[0]}`);
  cached = parsed.rows;
  return cached;
}

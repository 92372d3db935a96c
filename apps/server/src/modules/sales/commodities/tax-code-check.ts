import type { Db } from '@fpy/db';
import { labelText } from '@fpy/contracts';
import { badRequest } from '../../../lib/errors.ts';
import type { CatalogEntry } from '../tax-codes/index.ts';
import { catalogFor } from '../tax-codes/index.ts';

/**
 * The tax code a commodity may carry: 19 digits, known, enabled, a leaf and not a 汇总项 — anything else
 * would be refused by the bureau when the invoice is issued, so it is refused here with the reason.
 * `label` names the field or the import column in the message.
 */
export async function usableTaxCode(db: Db, raw: string, label = '税收分类编码'): Promise<CatalogEntry> {
  const code = raw.trim();
  if (!/^\d{19}$/.test(code))
    throw /^\d+$/.test(code)
      ? badRequest('TAX_CODE_INVALID', { label: labelText(label), code, length: code.length })
      : badRequest('TAX_CODE_INVALID.not_digits', { label: labelText(label), code: code.slice(0, 40) });
  const catalog = await catalogFor(db);
  const entry = catalog.get(code);
  if (!entry) throw badRequest('TAX_CODE_UNKNOWN', { label: labelText(label), code });
  if (!entry.enabled)
    throw badRequest('TAX_CODE_RETIRED', { label: labelText(label), code, name: entry.name });
  if (!entry.isLeaf || entry.isSummary)
    throw badRequest('TAX_CODE_NOT_LEAF', { label: labelText(label), code, name: entry.name });
  return entry;
}

import type { Db } from '@fpy/db';
import { badRequest } from '../../../lib/errors.ts';
import type { CatalogEntry } from '../tax-codes/catalog.ts';
import { catalogFor } from '../tax-codes/store.ts';

/**
 * The tax code a commodity may carry: 19 digits, known, enabled, a leaf and not a 汇总项 — anything else
 * would be refused by the bureau when the invoice is issued, so it is refused here with the reason.
 * `label` names the field or the import column in the message.
 */
export async function usableTaxCode(db: Db, raw: string, label = '税收分类编码'): Promise<CatalogEntry> {
  const code = raw.trim();
  if (!/^\d{19}$/.test(code))
    throw badRequest(
      'TAX_CODE_INVALID',
      /^\d+$/.test(code)
        ? `${label}须为19位数字，“${code}”是${code.length}位`
        : `${label}须为19位数字，“${code.slice(0, 40)}”不是编码`,
    );
  const catalog = await catalogFor(db);
  const entry = catalog.get(code);
  if (!entry) throw badRequest('TAX_CODE_UNKNOWN', `${label} ${code} 不存在`);
  if (!entry.enabled)
    throw badRequest('TAX_CODE_RETIRED', `${label} ${code}（${entry.name}）已停用，请改选新编码`);
  if (!entry.isLeaf || entry.isSummary)
    throw badRequest(
      'TAX_CODE_NOT_LEAF',
      `${label} ${code}（${entry.name}）是汇总项，不是末级编码，请选择其下级的具体编码`,
    );
  return entry;
}

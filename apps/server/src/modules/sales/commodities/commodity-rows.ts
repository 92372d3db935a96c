import type { CommodityRow } from '@fpy/contracts';
import type { commodities } from '@fpy/db';
import { isPreferentialPolicy, isTaxRate, POLICY_LABEL, rateLabel } from '@fpy/domain';
import type { Catalog } from '../tax-codes/index.ts';

export type Commodity = typeof commodities.$inferSelect;

/** The invoice line name (domain notes §1.4): *简称*名称, e.g. *软件维护服务*接口服务费. */
export const printNameOf = (shortName: string, name: string) => `*${shortName}*${name}`;

/** A name as copied from an invoice may already carry its *简称* prefix; keep only the product name. */
export const stripShortName = (name: string) => name.replace(/^\*[^*]+\*/, '').trim();

export function commodityRowOf(c: Commodity, catalog: Catalog): CommodityRow {
  const rate = isTaxRate(c.rate) ? c.rate : 'rate_0';
  const policy = c.policy && isPreferentialPolicy(c.policy) ? c.policy : null;
  return {
    id: c.id,
    name: c.name,
    shortName: c.shortName,
    printName: printNameOf(c.shortName, c.name),
    taxCode: c.taxCode,
    taxCodeName: catalog.get(c.taxCode)?.name ?? '',
    spec: c.spec,
    unit: c.unit,
    unitPrice: c.unitPrice,
    pricingMode: c.pricingMode === 'inclusive' ? 'inclusive' : 'exclusive',
    rate,
    rateLabel: rateLabel(rate),
    policy,
    policyLabel: policy ? POLICY_LABEL[policy] : null,
    ownCode: c.ownCode,
    status: c.status === 0 ? 0 : 1,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

import { fromProviderRate } from './provider-codes.ts';
import type { PreferentialPolicy, TaxRate } from './rates.ts';

/**
 * 税率 as people write it in a spreadsheet or on an invoice: "13%", "0.13", "13", "免税", "不征税"; null when it
 * is none of ours. Shared by the commodity import and the batch issuing upload.
 */
export function parseRateText(text: string): { rate: TaxRate; policy: PreferentialPolicy | null } | null {
  const t = text.replace(/\s/g, '');
  if (t === '免税') return { rate: 'rate_0', policy: 'exempt' };
  if (t === '不征税') return { rate: 'rate_0', policy: 'non_taxable' };
  const rate =
    fromProviderRate(t) ?? (/^\d+(\.\d+)?$/.test(t) && Number(t) >= 1 ? fromProviderRate(`${t}%`) : null);
  return rate ? { rate, policy: null } : null;
}

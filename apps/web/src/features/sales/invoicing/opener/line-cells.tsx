import { allowedRates, type CommodityRow, listCommodities } from '@fpy/contracts';
import { type PreferentialPolicy, rateLabel, type TaxRate } from '@fpy/domain';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Select, Typography } from 'antd';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../lib/http.ts';
import { useDebounced } from './use-calculation.ts';
import { policyName } from '../../../../entities/invoice/policy-name.ts';

/** 商品名称 with the commodity picker: typing searches the tenant's goods codes (name, 简称, pinyin initials). */
export function CommodityNameCell({
  value,
  onChange,
  onPick,
  disabled,
  rowIndex,
}: {
  value: string;
  onChange: (v: string) => void;
  onPick: (c: CommodityRow) => void;
  disabled?: boolean;
  rowIndex: number;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const debounced = useDebounced(q.trim(), 300);
  const { data } = useQuery({
    queryKey: ['invoicing', 'commodity-pick', debounced],
    queryFn: ({ signal }) =>
      call(listCommodities, {
        query: { keyword: debounced || undefined, status: '1', limit: 20 },
        signal,
        silent: true,
      }),
    staleTime: 30_000,
    enabled: !disabled,
  });
  return (
    <AutoComplete
      value={value}
      disabled={disabled}
      style={{ width: '100%' }}
      popupMatchSelectWidth={420}
      placeholder={t('opener.line.nameHint')}
      data-testid={`line-name-${rowIndex}`}
      onSearch={(v) => setQ(v.replace(/^\*[^*]*\*/, ''))}
      onFocus={() => setQ(value.replace(/^\*[^*]*\*/, ''))}
      // Picking an option reports its value first; the pick itself fills the row.
      onChange={(v) => {
        if (!String(v ?? '').startsWith('commodity:')) onChange(v ?? '');
      }}
      options={(data?.rows ?? []).map((c) => ({
        value: `commodity:${c.id}`,
        label: (
          <div data-testid="commodity-option">
            <div>{c.printName}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[
                c.taxCode,
                c.spec,
                c.unit,
                c.unitPrice
                  ? `${c.unitPrice}${c.pricingMode === 'inclusive' ? t('opener.line.inclusiveShort') : ''}`
                  : null,
                c.rateLabel,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          </div>
        ),
        commodity: c,
      }))}
      onSelect={(_, o) => onPick((o as { commodity: CommodityRow }).commodity)}
    />
  );
}

/** Rate and preferential flag as one choice: "13%", "0%（免税）", "1.5%（按5%简易征收减按1.5%计征）". */
const COMMON: [TaxRate, PreferentialPolicy | null][] = [
  ['rate_13', null],
  ['rate_9', null],
  ['rate_6', null],
  ['rate_5', 'simplified_5'],
  ['rate_3', 'simplified_3'],
  ['rate_1', 'reduced_levy_1'],
  ['rate_1_5', 'simplified_5_reduced_1_5'],
  ['rate_0', 'exempt'],
  ['rate_0', 'zero_rated'],
  ['rate_0', 'non_taxable'],
];
const encode = (rate: TaxRate, policy: PreferentialPolicy | null) => `${rate}|${policy ?? ''}`;
const optionLabel = (t: TFunction, rate: TaxRate, policy: PreferentialPolicy | null) =>
  policy
    ? rate === 'rate_0'
      ? policyName(t, policy)
      : t('opener.rateWithPolicy', { rate: rateLabel(rate), policy: policyName(t, policy) })
    : rateLabel(rate);

const isTaxCode = (code: string) => /^\d{19}$/.test(code);

/**
 * The rate select offers what the line's tax code allows (issue 28 §7, the engine's codeRates via the yhzcsl call):
 * its listed rates, then 免税 / 零税率 and the levies, each choice setting its policy flag. A line without a code
 * yet offers the common choices. A value the code does not allow stays visible but cannot be chosen again, and the
 * calculation names it under the line.
 */
export function RateSelect({
  rate,
  policy,
  taxCode,
  onChange,
  disabled,
  rowIndex,
}: {
  rate: TaxRate;
  policy: PreferentialPolicy | null;
  taxCode: string;
  onChange: (rate: TaxRate, policy: PreferentialPolicy | null) => void;
  disabled?: boolean;
  rowIndex?: number;
}) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['invoicing', 'code-rates', taxCode],
    queryFn: ({ signal }) => call(allowedRates, { query: { spbm: taxCode }, signal, silent: true }),
    staleTime: 5 * 60_000,
    enabled: isTaxCode(taxCode),
  });
  const allowed: [TaxRate, PreferentialPolicy | null][] =
    isTaxCode(taxCode) && data ? data.options.map((o) => [o.rate, o.policy]) : COMMON;
  // A bare 0% is 普通零税率 (§3.2): show it as that choice.
  const current = encode(rate, rate === 'rate_0' && !policy ? 'zero_rated' : policy);
  const known = allowed.some(([r, p]) => encode(r, p) === current);
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      disabled={disabled}
      value={known ? current : encode(rate, policy)}
      popupMatchSelectWidth={260}
      data-testid={rowIndex === undefined ? undefined : `line-rate-${rowIndex}`}
      onChange={(v: string) => {
        const [r, p] = v.split('|');
        onChange(r as TaxRate, (p || null) as PreferentialPolicy | null);
      }}
      options={[
        ...allowed.map(([r, p]) => ({ value: encode(r, p), label: optionLabel(t, r, p) })),
        ...(known
          ? []
          : [{ value: encode(rate, policy), label: optionLabel(t, rate, policy), disabled: true }]),
      ]}
    />
  );
}

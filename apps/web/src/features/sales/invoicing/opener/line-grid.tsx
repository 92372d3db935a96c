import type { CalcResult, CommodityRow } from '@fpy/contracts';
import { DeleteOutlined, PlusOutlined, TagOutlined } from '@ant-design/icons';
import { Button, Input, Space, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fen } from '../../../../entities/invoice/money.ts';
import { emptyLine, isBlank, type LineRow, type PricingMode, priceInMode, sentLines } from './form-model.ts';
import { TaxCodePickButton } from '../../../../entities/tax-code/tax-code-pick-button.tsx';
import { CommodityNameCell, RateSelect } from './line-cells.tsx';

interface Props {
  lines: LineRow[];
  onChange: (lines: LineRow[]) => void;
  mode: PricingMode;
  calc: CalcResult | undefined;
  lineErrors: Map<number, string[]>;
  /** Switches the invoice's pricing mode (the first commodity picked brings its own). */
  onModeChange?: (mode: PricingMode) => void;
}

/**
 * 明细行: each row is edited in place. A discount (§4.5) is added under its row: the row becomes 被折扣行
 * and a 折扣行 with the same name, code and rate follows it; removing either removes the pair's marking.
 */
export function LineGrid({ lines, onChange, mode, calc, lineErrors, onModeChange }: Props) {
  const { t } = useTranslation();
  const { index } = sentLines(lines);
  const figures = new Map(index.map((row, i) => [row, calc?.lines[i]]));

  const set = (i: number, patch: Partial<LineRow>) => {
    const next = lines.map((l, j) => (j === i ? { ...l, ...patch } : l));
    // A discount line follows its discounted line's name, code and rate (the engine requires the same).
    const l = next[i];
    if (l.kind === 'discounted' && next[i + 1]?.kind === 'discount')
      next[i + 1] = { ...next[i + 1], name: l.name, taxCode: l.taxCode, rate: l.rate, policy: l.policy };
    onChange(next);
  };
  const pick = (i: number, c: CommodityRow) => {
    // On the first line the invoice follows the commodity's pricing mode, so its price stays as saved.
    const first = lines.every((l, j) => j === i || isBlank(l));
    const follow = first && c.pricingMode !== mode && onModeChange !== undefined;
    if (follow) onModeChange(c.pricingMode);
    set(i, {
      name: c.printName,
      taxCode: c.taxCode,
      spec: c.spec ?? '',
      unit: c.unit ?? '',
      unitPrice: follow ? (c.unitPrice ?? '') : priceInMode(c.unitPrice, c.pricingMode, mode, c.rate),
      quantity: lines[i].quantity || (c.unitPrice ? '1' : ''),
      rate: c.rate,
      policy: c.policy,
      policyLabel: c.policyLabel,
    });
  };
  const remove = (i: number) => {
    const l = lines[i];
    const next = lines.filter((_, j) => j !== i);
    // Unpair: a discounted line without its discount is a normal line again; a discount without its row goes too.
    if (l.kind === 'discount' && next[i - 1]?.kind === 'discounted')
      next[i - 1] = { ...next[i - 1], kind: 'normal' };
    if (l.kind === 'discounted' && next[i]?.kind === 'discount') next.splice(i, 1);
    onChange(next.length ? next : [emptyLine()]);
  };
  const addDiscount = (i: number) => {
    const l = lines[i];
    const next = [...lines];
    next[i] = { ...l, kind: 'discounted' };
    next.splice(i + 1, 0, {
      ...emptyLine(l.rate),
      kind: 'discount',
      name: l.name,
      taxCode: l.taxCode,
      policy: l.policy,
    });
    onChange(next);
  };

  const columns: TableProps<LineRow>['columns'] = [
    { title: '#', key: 'no', width: 40, render: (_, __, i) => i + 1 },
    {
      title: t('opener.line.name'),
      key: 'name',
      width: 300,
      render: (_, l, i) => (
        <div>
          <Space.Compact style={{ width: '100%' }}>
            <CommodityNameCell
              rowIndex={i}
              value={l.name}
              disabled={l.kind === 'discount'}
              onChange={(name) => set(i, { name })}
              onPick={(c) => pick(i, c)}
            />
            <TaxCodePickButton
              name={l.name}
              disabled={l.kind === 'discount'}
              onChoose={(s) =>
                set(i, {
                  name: s.name,
                  taxCode: s.taxCode,
                  rate: s.rate,
                  policy: s.policy,
                  policyLabel: null,
                })
              }
            />
          </Space.Compact>
          {l.kind === 'discount' ? (
            <Typography.Text type="secondary">{t('opener.line.discountRow')}</Typography.Text>
          ) : null}
          {l.taxCode ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
              {l.taxCode}
            </Typography.Text>
          ) : null}
          {(lineErrors.get(i) ?? []).map((m) => (
            <Typography.Text
              key={m}
              type="danger"
              style={{ fontSize: 12, display: 'block' }}
              data-testid="line-error"
            >
              {m}
            </Typography.Text>
          ))}
        </div>
      ),
    },
    {
      title: t('opener.line.spec'),
      key: 'spec',
      width: 110,
      render: (_, l, i) => (
        <Input
          size="small"
          maxLength={40}
          value={l.spec}
          disabled={l.kind === 'discount'}
          onChange={(e) => set(i, { spec: e.target.value })}
        />
      ),
    },
    {
      title: t('opener.line.unit'),
      key: 'unit',
      width: 70,
      render: (_, l, i) => (
        <Input
          size="small"
          maxLength={20}
          value={l.unit}
          disabled={l.kind === 'discount'}
          onChange={(e) => set(i, { unit: e.target.value })}
        />
      ),
    },
    {
      title: t('opener.line.quantity'),
      key: 'quantity',
      width: 90,
      render: (_, l, i) => (
        <Input
          size="small"
          inputMode="decimal"
          value={l.quantity}
          disabled={l.kind === 'discount'}
          data-testid={`line-quantity-${i}`}
          onChange={(e) => set(i, { quantity: e.target.value.trim() })}
        />
      ),
    },
    {
      title: mode === 'inclusive' ? t('opener.line.priceInclusive') : t('opener.line.price'),
      key: 'price',
      width: 110,
      render: (_, l, i) => (
        <Input
          size="small"
          inputMode="decimal"
          value={l.unitPrice}
          disabled={l.kind === 'discount'}
          data-testid={`line-price-${i}`}
          onChange={(e) => set(i, { unitPrice: e.target.value.trim() })}
        />
      ),
    },
    {
      title: mode === 'inclusive' ? t('opener.line.amountInclusive') : t('opener.line.amount'),
      key: 'amount',
      width: 120,
      render: (_, l, i) => {
        const f = figures.get(i);
        const priced = l.kind !== 'discount' && l.quantity && l.unitPrice;
        const computed = f ? (mode === 'inclusive' ? f.amountInclusive.fen : f.amount.fen) : null;
        return priced ? (
          <Typography.Text data-testid={`line-amount-${i}`}>
            {computed === null ? '' : fen(computed)}
          </Typography.Text>
        ) : (
          <Input
            size="small"
            inputMode="decimal"
            prefix={l.kind === 'discount' ? '-' : undefined}
            value={l.amount}
            placeholder={computed === null ? '' : fen(Math.abs(computed))}
            onChange={(e) => set(i, { amount: e.target.value.trim() })}
          />
        );
      },
    },
    {
      title: t('opener.line.rate'),
      key: 'rate',
      width: 130,
      render: (_, l, i) => (
        <RateSelect
          rate={l.rate}
          policy={l.policy}
          taxCode={l.taxCode}
          rowIndex={i}
          disabled={l.kind === 'discount'}
          onChange={(rate, policy) => set(i, { rate, policy })}
        />
      ),
    },
    {
      title: t('opener.line.tax'),
      key: 'tax',
      width: 100,
      align: 'right',
      render: (_, __, i) => {
        const f = figures.get(i);
        return f ? fen(f.tax.fen) : '';
      },
    },
    {
      title: t('opener.line.actions'),
      key: 'actions',
      width: 80,
      render: (_, l, i) => (
        <Space size={0}>
          {l.kind === 'normal' && l.name.trim() ? (
            <Button
              size="small"
              type="text"
              icon={<TagOutlined />}
              title={t('opener.line.addDiscount')}
              aria-label={t('opener.line.addDiscount')}
              onClick={() => addDiscount(i)}
            />
          ) : null}
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            title={t('opener.line.remove')}
            aria-label={t('opener.line.remove')}
            onClick={() => remove(i)}
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <Table<LineRow>
        rowKey="key"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={lines}
        scroll={{ x: 1150 }}
        data-testid="line-grid"
      />
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        onClick={() => onChange([...lines, emptyLine(lines.at(-1)?.rate)])}
      >
        {t('opener.line.add')}
      </Button>
    </>
  );
}

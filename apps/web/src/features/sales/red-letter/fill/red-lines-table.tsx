import type { RedReason } from '@fpy/contracts';
import { rateLabel } from '@fpy/domain';
import { Input, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { fen } from '../../../../entities/invoice/money.ts';
import { type BlueLine, hasRemainder, type LineInput, lineFigure } from '../shared/red-figures.ts';

interface Props {
  lines: BlueLine[];
  partial: boolean;
  reason: RedReason;
  selected: number[];
  onSelect: (lineNos: number[]) => void;
  inputs: Record<number, LineInput>;
  onInput: (lineNo: number, input: LineInput) => void;
}

/**
 * The blue lines with what remains red-able. In partial mode each chosen line takes a quantity (not with 销售折让,
 * §6.1) or an amount excluding tax; the red figures beside it are the server's own rule, previewed.
 */
export function RedLinesTable({ lines, partial, reason, selected, onSelect, inputs, onInput }: Props) {
  const { t } = useTranslation();
  const redOf = (l: BlueLine) =>
    partial
      ? selected.includes(l.lineNo)
        ? lineFigure(l, inputs[l.lineNo] ?? {}, reason)
        : null
      : hasRemainder(l)
        ? { amountFen: l.remainingAmountFen, taxFen: l.remainingTaxFen }
        : null;
  const columns: TableProps<BlueLine>['columns'] = [
    { title: t('redLetter.line.no'), dataIndex: 'lineNo', width: 60 },
    { title: t('redLetter.line.name'), dataIndex: 'name', ellipsis: true },
    { title: t('redLetter.line.quantity'), dataIndex: 'quantity' },
    { title: t('redLetter.line.unitPrice'), dataIndex: 'unitPrice' },
    { title: t('redLetter.line.rate'), dataIndex: 'rate', render: (r: BlueLine['rate']) => rateLabel(r) },
    { title: t('redLetter.line.amount'), dataIndex: 'amountFen', align: 'right', render: fen },
    { title: t('redLetter.line.tax'), dataIndex: 'taxFen', align: 'right', render: fen },
    {
      title: t('redLetter.line.remaining'),
      key: 'remaining',
      align: 'right',
      render: (_: unknown, l) => (
        <span data-testid={`red-remaining-${l.lineNo}`}>
          {fen(l.remainingAmountFen)} / {fen(l.remainingTaxFen)}
          {l.remainingQuantity ? ` (${l.remainingQuantity})` : ''}
        </span>
      ),
    },
  ];
  if (partial)
    columns.push(
      {
        title: t('redLetter.line.redQuantity'),
        key: 'redQuantity',
        width: 120,
        render: (_: unknown, l) =>
          reason === 'sales_discount' || !l.remainingQuantity ? null : (
            <Input
              size="small"
              data-testid={`red-qty-${l.lineNo}`}
              disabled={!selected.includes(l.lineNo)}
              value={inputs[l.lineNo]?.quantity ?? ''}
              placeholder={l.remainingQuantity}
              onChange={(e) => onInput(l.lineNo, { quantity: e.target.value.trim() || undefined })}
            />
          ),
      },
      {
        title: t('redLetter.line.redAmount'),
        key: 'redAmount',
        width: 140,
        render: (_: unknown, l) => (
          <Input
            size="small"
            data-testid={`red-amount-${l.lineNo}`}
            disabled={!selected.includes(l.lineNo)}
            value={inputs[l.lineNo]?.amount ?? ''}
            placeholder={fen(l.remainingAmountFen)}
            onChange={(e) => onInput(l.lineNo, { amount: e.target.value.trim() || undefined })}
          />
        ),
      },
    );
  columns.push({
    title: t('redLetter.line.red'),
    key: 'red',
    align: 'right',
    render: (_: unknown, l) => {
      const f = redOf(l);
      return f ? (
        <span style={{ color: '#cf1322' }}>
          {fen(-f.amountFen)} / {fen(-f.taxFen)}
        </span>
      ) : null;
    },
  });
  return (
    <Table<BlueLine>
      rowKey="lineNo"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={lines}
      rowSelection={
        partial
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => onSelect(keys as number[]),
              getCheckboxProps: (l) => ({ disabled: !hasRemainder(l) }),
            }
          : undefined
      }
    />
  );
}

import { DEDUCTION_VIEWS, type DeductionRowView } from '@fpy/contracts';
import { currentSelectionPeriod, TaxRate } from '@fpy/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Input,
  Segmented,
  Select,
  Space,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { fen } from '../../../entities/invoice/money.ts';
import { loadFeedback, toast } from '../../../lib/feedback.ts';
import { Can } from '../../../lib/permission.tsx';
import {
  type DeductionListQuery,
  invoicesQuery,
  periodQuery,
  reasonText,
  refreshDeduction,
  select,
  selectByFilter,
  undo,
} from './deduction-api.ts';
import { initialPeriod, PeriodPicker } from './period-picker.tsx';
import { PeriodSummary } from './period-summary.tsx';

type View = (typeof DEDUCTION_VIEWS)[number];
interface Filters {
  seller?: string;
  rate?: string;
}

const SELECTION_COLOUR: Record<string, string> = {
  selecting: 'processing',
  undoing: 'processing',
  selected: 'green',
  refused: 'red',
  undone: 'default',
};

/**
 * Spec §2.12 /receiptsInvoice/checkAuthority (发票勾选, issue 31 lane DEDUCT): pick the 税款所属期, list the 专票 that
 * can be selected (or those selected, or all), select or undo one by one or in bulk, or everything matching the
 * filter; each row shows its state — 处理中 until the bureau answers — and the period's running totals of tax
 * selected. Counted or confirmed periods are shown locked.
 */
export default function CheckAuthorityPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [period, setPeriod] = useState(() =>
    initialPeriod(currentSelectionPeriod(dayjs().format('YYYY-MM-DD'))),
  );
  const [view, setView] = useState<View>('selectable');
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const [pickedIds, setPicked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const summary = useQuery(periodQuery(period));
  const q: DeductionListQuery = { period, view, ...filters, page: paging.page, limit: paging.limit };
  const list = useQuery(invoicesQuery(q, Boolean(summary.data?.pending)));
  const locked = Boolean(summary.data?.closedReason);
  // The rows picked as they stand now (a row selected or undone leaves the view, or changes state, on refresh).
  const picked = (list.data?.rows ?? []).filter((r) => pickedIds.includes(r.id));

  const run = async (
    work: () => Promise<{ sent: number; skipped: { number: string; reason: string }[] }>,
  ) => {
    setBusy(true);
    try {
      const r = await work();
      if (r.sent) toast.success(t('deduction.sent', { count: r.sent }));
      if (r.skipped.length) {
        const { modal } = await loadFeedback();
        modal.info({
          title: t('deduction.skippedTitle', { count: r.skipped.length }),
          content: (
            <ul style={{ maxHeight: 300, overflow: 'auto', paddingLeft: 16 }}>
              {r.skipped.slice(0, 100).map((s) => (
                <li key={s.number}>
                  {s.number}：{reasonText(s.reason)}
                </li>
              ))}
            </ul>
          ),
        });
      }
      setPicked([]);
    } catch {
      // Shown by the shared client (who holds an invoice, why it cannot be selected).
    } finally {
      setBusy(false);
      await refreshDeduction(qc);
    }
  };

  const selectable = picked.filter((r) => !r.notSelectable);
  const undoable = picked.filter((r) => r.selection?.state === 'selected' && r.selection.period === period);
  const pickedTax = picked.reduce((s, r) => s + r.taxFen, 0);

  const columns: TableProps<DeductionRowView>['columns'] = [
    { title: t('deduction.field.issueDate'), dataIndex: 'issueDate', width: 110 },
    {
      title: t('deduction.field.number'),
      key: 'number',
      render: (_: unknown, r) => (r.code ? `${r.code}-${r.number}` : r.number),
    },
    { title: t('deduction.field.seller'), dataIndex: 'sellerName', ellipsis: true },
    {
      title: t('deduction.field.amount'),
      dataIndex: 'amountFen',
      align: 'right',
      render: (v: number) => fen(v),
    },
    { title: t('deduction.field.tax'), dataIndex: 'taxFen', align: 'right', render: (v: number) => fen(v) },
    {
      title: t('deduction.field.rate'),
      dataIndex: 'rates',
      render: (v: string[]) => v.map((r) => t(`deduction.rate.${r}`, { defaultValue: r })).join('、'),
    },
    {
      title: t('deduction.field.invoiceState'),
      dataIndex: 'state',
      render: (v: string) => (
        <Tag color={v === 'normal' ? 'green' : 'red'}>
          {t(`deduction.invoiceState.${v}`, { defaultValue: v })}
        </Tag>
      ),
    },
    {
      title: t('deduction.field.selection'),
      key: 'selection',
      render: (_: unknown, r) => {
        const s = r.selection;
        if (!s) return <Typography.Text type="secondary">{t('deduction.selection.none')}</Typography.Text>;
        const tag = (
          <Tag color={SELECTION_COLOUR[s.state]} data-testid="selection-state">
            {t(`deduction.selection.${s.state}`)}
            {s.period !== period ? ` · ${s.period}` : ''}
          </Tag>
        );
        return (
          <Space size={4}>
            {s.reason ? <Tooltip title={reasonText(s.reason)}>{tag}</Tooltip> : tag}
            {s.flag && (
              <Tag color="red">{t('deduction.flag', { state: t(`deduction.invoiceState.${s.flag}`) })}</Tag>
            )}
          </Space>
        );
      },
    },
    {
      title: t('deduction.field.note'),
      key: 'note',
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          {r.notSelectable && r.notSelectable !== 'DEDUCTION_ALREADY_SELECTED' && (
            <Typography.Text type="secondary">{reasonText(r.notSelectable)}</Typography.Text>
          )}
          {r.reimbursedIn && <Tag>{t('deduction.reimbursed', { claim: r.reimbursedIn })}</Tag>}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <span>{t('deduction.period')}</span>
          <PeriodPicker
            value={period}
            onChange={(p) => {
              setPeriod(p);
              setPicked([]);
              setPaging((x) => ({ ...x, page: 1 }));
            }}
          />
        </Space>
        {summary.data && <PeriodSummary p={summary.data} />}
        <Form<Filters>
          layout="inline"
          name="deduction-filters"
          onFinish={(v) => {
            setFilters({ seller: v.seller?.trim() || undefined, rate: v.rate || undefined });
            setPaging((x) => ({ ...x, page: 1 }));
          }}
          style={{ rowGap: 8 }}
        >
          <Form.Item name="seller" label={t('deduction.field.seller')}>
            <Input
              allowClear
              maxLength={100}
              style={{ width: 200 }}
              placeholder={t('deduction.sellerHint')}
            />
          </Form.Item>
          <Form.Item name="rate" label={t('deduction.field.rate')}>
            <Select
              allowClear
              style={{ width: 110 }}
              options={Object.values(TaxRate).map((v) => ({ value: v, label: t(`deduction.rate.${v}`) }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('deduction.search')}
          </Button>
        </Form>
        <Space wrap>
          <Segmented<View>
            value={view}
            onChange={(v) => {
              setView(v);
              setPicked([]);
              setPaging((x) => ({ ...x, page: 1 }));
            }}
            options={DEDUCTION_VIEWS.map((v) => ({ value: v, label: t(`deduction.view.${v}`) }))}
          />
          <Can code="checkAuthority:btn_select">
            <Button
              type="primary"
              data-testid="select-picked"
              disabled={locked || !selectable.length}
              loading={busy}
              onClick={() =>
                run(() =>
                  select(
                    period,
                    selectable.map((r) => r.id),
                  ),
                )
              }
            >
              {t('deduction.selectPicked', { count: selectable.length })}
            </Button>
            <Button
              disabled={locked || !list.data?.total || view === 'selected'}
              loading={busy}
              onClick={() =>
                void loadFeedback().then(({ modal }) =>
                  modal.confirm({
                    title: t('deduction.selectAllTitle'),
                    content: t('deduction.selectAllBody', { period }),
                    onOk: () => run(() => selectByFilter({ period, ...filters })),
                  }),
                )
              }
            >
              {t('deduction.selectAll')}
            </Button>
          </Can>
          <Can code="checkAuthority:btn_undo">
            <Button
              danger
              disabled={locked || !undoable.length}
              loading={busy}
              onClick={() =>
                run(() =>
                  undo(
                    period,
                    undoable.map((r) => r.id),
                  ),
                )
              }
            >
              {t('deduction.undoPicked', { count: undoable.length })}
            </Button>
          </Can>
          <Typography.Text type="secondary">
            {t('deduction.pickedTotals', { count: picked.length, tax: fen(pickedTax) })}
          </Typography.Text>
        </Space>
        <PagedTable<DeductionRowView>
          columns={columns}
          data={list.data}
          loading={list.isFetching && !list.data}
          paging={paging}
          onPaging={setPaging}
          rowSelection={{
            selectedRowKeys: pickedIds,
            onChange: (keys) => setPicked(keys as number[]),
          }}
        />
      </Space>
    </Card>
  );
}

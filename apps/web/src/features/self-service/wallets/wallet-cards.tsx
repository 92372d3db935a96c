import {
  WALLET_CARD_STATES,
  type WalletCardRow,
  type WalletCardState,
  type WalletPlatform,
} from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { fen } from '../../../entities/invoice/money.ts';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Can, useCan } from '../../../lib/permission.tsx';
import { type CardQuery, cardsQuery, refresh, retryCards } from './wallet-api.ts';

const MENU = { wechat: 'wechatList', alipay: 'alipayList' } as const;
const COLOR: Record<WalletCardState, string> = {
  pending: 'processing',
  inserted: 'success',
  failed: 'error',
  deleted: 'default',
};

type Filters = Omit<CardQuery, 'page' | 'limit'>;

/**
 * Spec §2.12 /systemSetupManager/wechatList (微信插卡记录) and alipayList (支付宝插卡记录): every insertion of an
 * issued invoice into a buyer's card bag with its state — pending, inserted, failed (with the reason and the
 * accounts tried), deleted by the buyer — and 重试 for failed ones (a new round through the outbox).
 */
export function WalletCards({ platform }: { platform: WalletPlatform }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const code = `${MENU[platform]}:btn_retry`;
  const mayRetry = useCan(code);
  const { data, isFetching } = useQuery(
    cardsQuery(platform, { ...filters, page: paging.page, limit: paging.limit }),
  );

  const retry = async (ids: number[]) => {
    try {
      const res = await retryCards(platform, ids);
      toast.success(t('wallets.retried', { retried: res.retried, skipped: res.skipped }));
      setSelected([]);
      await refresh(qc, platform);
    } catch {
      // Shown by the shared client.
    }
  };

  const columns: TableProps<WalletCardRow>['columns'] = [
    { title: t('wallets.field.invoiceNumber'), dataIndex: 'invoiceNumber' },
    { title: t('wallets.field.buyerName'), dataIndex: 'buyerName' },
    { title: t('wallets.field.total'), dataIndex: 'totalFen', align: 'right', render: (v: number) => fen(v) },
    { title: t('wallets.field.buyer'), dataIndex: 'buyer' },
    {
      title: t('wallets.field.state'),
      dataIndex: 'state',
      render: (v: WalletCardState, r) => (
        <Space direction="vertical" size={0} data-testid={`card-state-${r.id}`}>
          <Tag color={COLOR[v]}>{t(`wallets.state.${v}`)}</Tag>
          {r.failReason && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {r.failReason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('wallets.field.account'),
      dataIndex: 'accountName',
      render: (v: string | null, r) =>
        r.tried.length ? (
          <Tooltip title={r.tried.map((x) => `#${x.providerId ?? '-'} ${x.code}: ${x.message}`).join('\n')}>
            <span>
              {v ?? '—'} <Tag>{t('wallets.triedCount', { count: r.tried.length })}</Tag>
            </span>
          </Tooltip>
        ) : (
          (v ?? '—')
        ),
    },
    { title: t('wallets.field.cardId'), dataIndex: 'cardId', render: (v: string | null) => v ?? '—' },
    { title: t('wallets.field.retries'), dataIndex: 'retries' },
    { title: t('wallets.field.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    {
      title: t('wallets.field.updatedAt'),
      dataIndex: 'updatedAt',
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('wallets.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) =>
        r.state === 'failed' ? (
          <Can code={code}>
            <Button type="link" size="small" onClick={() => retry([r.id])} data-testid={`card-retry-${r.id}`}>
              {t('wallets.retry')}
            </Button>
          </Can>
        ) : null,
    },
  ];

  return (
    <Card title={t(`wallets.cardsTitle.${platform}`)}>
      <Form<Filters>
        form={form}
        layout="inline"
        name={`wallet-cards-${platform}`}
        onFinish={(v) => {
          setFilters({ state: v.state || undefined, invoiceNumber: v.invoiceNumber?.trim() || undefined });
          setSelected([]);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="state" label={t('wallets.field.state')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={WALLET_CARD_STATES.map((s) => ({ value: s, label: t(`wallets.state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="invoiceNumber" label={t('wallets.field.invoiceNumber')}>
          <Input allowClear maxLength={40} style={{ width: 220 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('wallets.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          >
            {t('wallets.reset')}
          </Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        <Can code={code}>
          <Popconfirm
            title={t('wallets.retryConfirm', { count: selected.length })}
            onConfirm={() => retry(selected)}
            disabled={!selected.length}
          >
            <Button type="primary" disabled={!selected.length}>
              {t('wallets.retrySelected', { count: selected.length })}
            </Button>
          </Popconfirm>
        </Can>
      </Space>
      <PagedTable<WalletCardRow>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
        rowSelection={
          mayRetry
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (r) => ({ disabled: r.state !== 'failed' }),
              }
            : undefined
        }
      />
    </Card>
  );
}

import type { DashboardCard, RecentInvoice } from '@fpy/contracts';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../lib/format.ts';
import { fenText, linkTo, useCardText } from './card-text.ts';

type InvoicesCard = Extract<DashboardCard, { kind: 'invoices' }>;

const STATUS_COLOUR: Partial<Record<RecentInvoice['status'], string>> = {
  issued: 'green',
  partly_red: 'magenta',
  red: 'volcano',
};

/** The last invoices issued; the whole list is on the page the card links to. */
export function InvoicesCardView({ card }: { card: InvoicesCard }) {
  const text = useCardText(card.id);
  const { t } = useTranslation();
  return (
    <Card
      title={text('title')}
      extra={<Link to={linkTo(card.link)}>{t('dashboard.more')}</Link>}
      data-card={card.id}
      styles={{ body: { padding: 0 } }}
    >
      <Table<RecentInvoice>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={card.rows}
        locale={{ emptyText: t('common.none') }}
        columns={[
          {
            title: t('dashboard.invoice.number'),
            dataIndex: 'number',
            // The 20 digits of a 数电 number stay on one line.
            render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{v ?? '-'}</span>,
          },
          { title: t('dashboard.invoice.buyer'), dataIndex: 'buyerName', ellipsis: true },
          {
            title: t('dashboard.invoice.total'),
            dataIndex: 'totalFen',
            align: 'right',
            render: (v: number, r) => (
              <span style={r.colour === 'red' ? { color: '#cf1322' } : undefined}>{fenText(v)}</span>
            ),
          },
          {
            title: t('dashboard.invoice.status'),
            dataIndex: 'status',
            render: (v: RecentInvoice['status'], r) => (
              <Tag color={r.colour === 'red' ? 'red' : STATUS_COLOUR[v]}>
                {r.colour === 'red' ? t('dashboard.invoice.red') : t(`invoiceStatus.${v}`)}
              </Tag>
            ),
          },
          {
            title: t('dashboard.invoice.issuedAt'),
            dataIndex: 'issuedAt',
            render: (v: string) => formatDateTime(v, 'MM-DD HH:mm'),
          },
        ]}
      />
    </Card>
  );
}

import type { DashboardCard, RecentInvoice } from '@fpy/contracts';
import { Card, Tag } from 'antd';
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

const cell = { padding: '8px 12px', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' } as const;

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
      {/* A plain table: eight rows need no sorting or paging, and antd's Table would add ~80 KB to the home page. */}
      <table
        className="fpy-recent-invoices"
        style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}
      >
        <thead>
          <tr>
            {(['number', 'buyer', 'total', 'status', 'issuedAt'] as const).map((k) => (
              <th key={k} style={{ ...cell, fontWeight: 500, textAlign: k === 'total' ? 'right' : 'left' }}>
                {t(`dashboard.invoice.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {card.rows.length === 0 && (
            <tr>
              <td colSpan={5} style={{ ...cell, textAlign: 'center', color: '#999' }}>
                {t('common.none')}
              </td>
            </tr>
          )}
          {card.rows.map((r) => (
            <tr key={r.id}>
              {/* The 20 digits of a 数电 number stay on one line. */}
              <td style={{ ...cell, whiteSpace: 'nowrap' }}>{r.number ?? '-'}</td>
              <td
                style={{
                  ...cell,
                  maxWidth: 220,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {r.buyerName}
              </td>
              <td
                style={{ ...cell, textAlign: 'right', ...(r.colour === 'red' ? { color: '#cf1322' } : {}) }}
              >
                {fenText(r.totalFen)}
              </td>
              <td style={cell}>
                <Tag color={r.colour === 'red' ? 'red' : STATUS_COLOUR[r.status]}>
                  {r.colour === 'red' ? t('dashboard.invoice.red') : t(`invoiceStatus.${r.status}`)}
                </Tag>
              </td>
              <td style={{ ...cell, whiteSpace: 'nowrap' }}>{formatDateTime(r.issuedAt, 'MM-DD HH:mm')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

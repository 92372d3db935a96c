import {
  getInvoice,
  INVOICE_FILE_PERMISSIONS,
  type InvoiceDetail,
  type InvoiceQueryRow,
  invoiceRelations,
} from '@fpy/contracts';
import { rateLabel } from '@fpy/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Divider, Drawer, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { saveInvoiceFile } from '../../../../entities/invoice/open-invoice-file.ts';
import { fen } from '../../../../entities/invoice/money.ts';
import { InvoiceStatusTag } from '../../../../entities/invoice/status-tag.tsx';
import { invoiceTypeName } from '../../../../entities/invoice/invoice-type.ts';

const SETTLING = ['ready', 'issuing'];

export interface InvoiceDetailDrawerProps {
  /** The invoice to show; null keeps the drawer closed. */
  invoiceId: number | null;
  onClose: () => void;
  /** State actions (retry, red, void …) for the invoice on show; pages decide which they offer. */
  actions?: (invoice: InvoiceDetail, row: InvoiceQueryRow | undefined) => ReactNode;
  /** Codes that show the file downloads; by default any code the file route accepts. */
  downloadCode?: string | readonly string[];
  /** Further sections a page adds below the files (the query page's delivery history), each with its title. */
  sections?: (invoice: InvoiceDetail) => { key: string; title: string; content: ReactNode }[];
}

/**
 * 发票详情: header, lines, totals, layout files, status history (who, when, from where, why) and the linked
 * blue/red invoices; a link opens the other invoice in the same drawer. Shared by every invoicing page.
 */
export function InvoiceDetailDrawer({
  invoiceId,
  onClose,
  actions,
  downloadCode = INVOICE_FILE_PERMISSIONS,
  sections,
}: InvoiceDetailDrawerProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<number | null>(invoiceId);
  useEffect(() => setShown(invoiceId), [invoiceId]);
  const { data: inv, isLoading } = useQuery({
    queryKey: ['invoicing', 'invoice', shown],
    queryFn: ({ signal }) => call(getInvoice, { params: { id: shown! }, signal }),
    enabled: shown !== null,
    refetchInterval: (q) => (q.state.data && SETTLING.includes(q.state.data.status) ? 2000 : false),
  });
  const { data: related } = useQuery({
    queryKey: ['invoicing', 'related', shown, inv?.status],
    // Pages without the query menu may not hold this code: the drawer then shows no links, silently.
    queryFn: ({ signal }) => call(invoiceRelations, { params: { id: shown! }, signal, silent: true }),
    enabled: shown !== null,
    retry: false,
  });

  return (
    <Drawer
      open={invoiceId !== null}
      onClose={onClose}
      size={920}
      title={inv ? `${t('invoiceDetail.title')} ${inv.number ?? ''}` : t('invoiceDetail.title')}
      extra={inv && actions ? <Space>{actions(inv, related?.invoice)}</Space> : null}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
    >
      {isLoading || !inv ? (
        <Spin />
      ) : (
        <>
          <Header inv={inv} colour={inv.colour} />
          <Lines inv={inv} />
          <Divider titlePlacement="start">{t('invoiceDetail.files')}</Divider>
          <Files inv={inv} code={downloadCode} />
          {sections?.(inv).map((s) => (
            <div key={s.key}>
              <Divider titlePlacement="start">{s.title}</Divider>
              {s.content}
            </div>
          ))}
          {related && (
            <>
              <Divider titlePlacement="start">{t('invoiceDetail.related')}</Divider>
              <Related blue={related.blue} reds={related.reds} onOpen={setShown} />
            </>
          )}
          <Divider titlePlacement="start">{t('invoiceDetail.events')}</Divider>
          <Events inv={inv} />
        </>
      )}
    </Drawer>
  );
}

function Header({ inv, colour }: { inv: InvoiceDetail; colour?: 'blue' | 'red' }) {
  const { t } = useTranslation();
  const item = (key: string, children: ReactNode, span = 1) => ({
    key,
    label: t(`invoiceDetail.${key}`),
    children,
    span,
  });
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      items={[
        item('number', inv.number ?? '—'),
        item('type', invoiceTypeName(t, inv.type)),
        item(
          'status',
          <Space>
            <InvoiceStatusTag status={inv.status} />
            {colour && <Tag color={colour === 'red' ? 'red' : 'blue'}>{t(`invoiceColour.${colour}`)}</Tag>}
          </Space>,
        ),
        item('issuedAt', formatDateTime(inv.issuedAt) || '—'),
        item('seller', `${inv.sellerName}（${inv.sellerCreditCode}）`, 2),
        item('buyer', `${inv.buyerName}${inv.buyerTaxNumber ? `（${inv.buyerTaxNumber}）` : ''}`, 2),
        item('buyerAddress', [inv.buyerAddress, inv.buyerPhone].filter(Boolean).join(' ') || '—'),
        item('buyerBank', [inv.buyerBank, inv.buyerAccount].filter(Boolean).join(' ') || '—'),
        item('drawer', inv.drawer),
        item('payee', inv.payee || '—'),
        item('reviewer', inv.reviewer || '—'),
        item('clientSerial', inv.clientSerial),
        item('remarks', inv.remarks || '—', 2),
        ...(inv.failureReason
          ? [item('failureReason', <Typography.Text type="danger">{inv.failureReason}</Typography.Text>, 2)]
          : []),
      ]}
    />
  );
}

function Lines({ inv }: { inv: InvoiceDetail }) {
  const { t } = useTranslation();
  type Line = InvoiceDetail['lines'][number];
  return (
    <>
      <Divider titlePlacement="start">{t('invoiceDetail.lines')}</Divider>
      <Table<Line>
        rowKey="lineNo"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={inv.lines}
        columns={[
          { title: t('invoiceDetail.lineNo'), dataIndex: 'lineNo', width: 60 },
          { title: t('invoiceDetail.name'), dataIndex: 'name' },
          { title: t('invoiceDetail.spec'), dataIndex: 'spec' },
          { title: t('invoiceDetail.unit'), dataIndex: 'unit' },
          { title: t('invoiceDetail.quantity'), dataIndex: 'quantity', align: 'right' },
          { title: t('invoiceDetail.unitPrice'), dataIndex: 'unitPriceExclusive', align: 'right' },
          { title: t('invoiceDetail.amount'), dataIndex: 'amountFen', align: 'right', render: fen },
          { title: t('invoiceDetail.rate'), dataIndex: 'rate', render: rateLabel },
          { title: t('invoiceDetail.tax'), dataIndex: 'taxFen', align: 'right', render: fen },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={6}>
              {t('invoiceDetail.totals')}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">
              {fen(inv.amountFen)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7}>
              {t('invoiceDetail.total')} {fen(inv.totalFen)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={8} align="right">
              {fen(inv.taxFen)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </>
  );
}

// Files not stored yet are rendered on request by the file route, so every numbered invoice offers both.
const FORMATS = ['pdf', 'xml', 'ofd'];

function Files({ inv, code }: { inv: InvoiceDetail; code: string | readonly string[] }) {
  const { t } = useTranslation();
  const formats = inv.number ? FORMATS : [];
  if (!formats.length)
    return <Typography.Text type="secondary">{t('invoiceDetail.noFiles')}</Typography.Text>;
  return (
    <Can code={code}>
      <Space>
        {formats.includes('pdf') && (
          <Button data-testid="detail-download-pdf" onClick={() => void saveInvoiceFile(inv, 'pdf')}>
            {t('invoiceDetail.downloadPdf')}
          </Button>
        )}
        {formats.includes('xml') && (
          <Button onClick={() => void saveInvoiceFile(inv, 'xml')}>{t('invoiceDetail.downloadXml')}</Button>
        )}
        {formats.includes('ofd') && (
          <Button onClick={() => void saveInvoiceFile(inv, 'ofd')}>{t('invoiceDetail.downloadOfd')}</Button>
        )}
      </Space>
    </Can>
  );
}

function Related({
  blue,
  reds,
  onOpen,
}: {
  blue: InvoiceQueryRow | null;
  reds: InvoiceQueryRow[];
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (!blue && !reds.length)
    return <Typography.Text type="secondary">{t('invoiceDetail.noRelated')}</Typography.Text>;
  const link = (r: InvoiceQueryRow) => (
    <Space key={r.id}>
      <Typography.Link onClick={() => onOpen(r.id)}>{r.number ?? `#${r.id}`}</Typography.Link>
      <InvoiceStatusTag status={r.status} />
      <span>{fen(r.totalFen)}</span>
      <span>{formatDateTime(r.issuedAt)}</span>
    </Space>
  );
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        ...(blue ? [{ key: 'blue', label: t('invoiceDetail.blueInvoice'), children: link(blue) }] : []),
        ...(reds.length
          ? [
              {
                key: 'reds',
                label: t('invoiceDetail.redInvoices'),
                children: <Space orientation="vertical">{reds.map(link)}</Space>,
              },
            ]
          : []),
      ]}
    />
  );
}

function Events({ inv }: { inv: InvoiceDetail }) {
  const { t } = useTranslation();
  return (
    <Timeline
      items={[...inv.events].reverse().map((e, i) => ({
        key: i,
        content: (
          <Space orientation="vertical" size={0}>
            <Space>
              {e.from && <InvoiceStatusTag status={e.from} />}→<InvoiceStatusTag status={e.to} />
              <Typography.Text type="secondary">{formatDateTime(e.at)}</Typography.Text>
            </Space>
            <Typography.Text type="secondary">
              {t('invoiceDetail.eventActor')}：{e.actorName ?? t('invoiceDetail.eventSystem')}
              {e.ip ? ` · ${t('invoiceDetail.eventIp')}：${e.ip}` : ''}
            </Typography.Text>
            {e.reason && (
              <Typography.Text>
                {t('invoiceDetail.eventReason')}：{e.reason}
              </Typography.Text>
            )}
          </Space>
        ),
      }))}
    />
  );
}

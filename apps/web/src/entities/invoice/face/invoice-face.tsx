import type { InvoiceDetail } from '@fpy/contracts';
import {
  amountInWords,
  DIGITAL_WORDS_STYLE,
  formatYuan,
  invoiceTypeRules,
  LEGACY_WORDS_STYLE,
  rateLabel,
} from '@fpy/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { faceStyles as s } from './face-styles.ts';

type Line = InvoiceDetail['lines'][number];

/** What the face needs; a preview passes a draft that has no number or date yet. */
export type FaceInvoice = Pick<
  InvoiceDetail,
  | 'type'
  | 'number'
  | 'issuedAt'
  | 'sellerName'
  | 'sellerCreditCode'
  | 'buyerName'
  | 'buyerTaxNumber'
  | 'amountFen'
  | 'taxFen'
  | 'totalFen'
  | 'drawer'
  | 'lines'
> &
  Partial<
    Pick<
      InvoiceDetail,
      | 'colour'
      | 'blueNumber'
      | 'sellerAddress'
      | 'sellerPhone'
      | 'sellerBank'
      | 'sellerAccount'
      | 'buyerAddress'
      | 'buyerPhone'
      | 'buyerBank'
      | 'buyerAccount'
      | 'remarks'
      | 'payee'
      | 'reviewer'
      | 'specialLabel'
    >
  >;

const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

/**
 * The 数电 invoice face in HTML (domain notes §1.4, §9): used by the form's preview, the query drawer and
 * browser printing. `offset` (mm) moves the whole face for a printer's margins. Red invoices show their
 * figures negative, 「销项负数」 and the blue invoice's number, whatever sign the stored figures carry.
 */
export function InvoiceFace({
  invoice,
  offset,
}: {
  invoice: FaceInvoice;
  offset?: { x: number; y: number };
}) {
  const { t } = useTranslation();
  const red = invoice.colour === 'red';
  const money = (v: number) => formatYuan(red ? -Math.abs(v) : v);
  const words = amountInWords(
    red ? -Math.abs(invoice.totalFen) : invoice.totalFen,
    invoiceTypeRules(invoice.type).family === 'digital' ? DIGITAL_WORDS_STYLE : LEGACY_WORDS_STYLE,
  );
  const rateText = (l: Line) =>
    l.policy === 'exempt'
      ? t('invoiceFace.exempt')
      : l.policy === 'non_taxable'
        ? t('invoiceFace.nonTaxable')
        : rateLabel(l.rate);
  const taxText = (l: Line) =>
    l.policy === 'exempt' || l.policy === 'non_taxable' ? '***' : money(l.taxFen);
  const remarks = join(
    red && invoice.blueNumber ? t('invoiceFace.blueNumber', { number: invoice.blueNumber }) : null,
    invoice.remarks,
  );

  return (
    <div
      className="invoice-face"
      data-testid="invoice-face"
      style={{
        ...s.sheet,
        ...(offset ? { transform: `translate(${offset.x}mm, ${offset.y}mm)` } : {}),
      }}
    >
      <div style={s.header}>
        <div style={{ minWidth: '58mm' }}>
          {invoice.specialLabel ? (
            <span style={{ color: s.meta.color }}>
              {t('invoiceFace.specialLabel', {
                label: t(`invoiceFace.labels.${invoice.specialLabel}`, {
                  defaultValue: invoice.specialLabel,
                }),
              })}
            </span>
          ) : null}
        </div>
        <div style={s.title}>
          {t(`invoiceFace.title.${invoice.type}`)}
          {red ? <div style={s.negativeMark}>{t('invoiceFace.negative')}</div> : null}
        </div>
        <div style={s.meta}>
          <div>
            {t('invoiceFace.number')}
            <span style={s.metaValue} data-testid="face-number">
              {invoice.number ?? t('invoiceFace.pendingNumber')}
            </span>
          </div>
          <div>
            {t('invoiceFace.date')}
            <span style={s.metaValue}>{formatDateTime(invoice.issuedAt, 'YYYY年MM月DD日')}</span>
          </div>
        </div>
      </div>

      <table style={s.table}>
        <tbody>
          <tr>
            <th style={s.label}>{t('invoiceFace.buyer')}</th>
            <td style={s.partyCell}>
              <Party
                name={invoice.buyerName}
                taxNumber={invoice.buyerTaxNumber}
                addressPhone={join(invoice.buyerAddress, invoice.buyerPhone)}
                bankAccount={join(invoice.buyerBank, invoice.buyerAccount)}
              />
            </td>
            <th style={s.label}>{t('invoiceFace.seller')}</th>
            <td style={s.partyCell}>
              <Party
                name={invoice.sellerName}
                taxNumber={invoice.sellerCreditCode}
                addressPhone={join(invoice.sellerAddress, invoice.sellerPhone)}
                bankAccount={join(invoice.sellerBank, invoice.sellerAccount)}
              />
            </td>
          </tr>
        </tbody>
      </table>

      <table style={{ ...s.table, borderTop: 'none' }}>
        <colgroup>
          <col style={{ width: '26%' }} />
          <col style={{ width: '12%' }} />
          <col style={{ width: '7%' }} />
          <col style={{ width: '10%' }} />
          <col style={{ width: '12%' }} />
          <col style={{ width: '13%' }} />
          <col style={{ width: '8%' }} />
          <col style={{ width: '12%' }} />
        </colgroup>
        <thead>
          <tr>
            {(['name', 'spec', 'unit', 'quantity', 'price', 'amount', 'rate', 'tax'] as const).map((k) => (
              <th key={k} style={s.th}>
                {t(`invoiceFace.col.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l) => (
            <tr key={l.lineNo} data-testid="face-line">
              <td style={s.td}>{l.name}</td>
              <td style={s.td}>{l.spec}</td>
              <td style={s.td}>{l.unit}</td>
              <td style={s.num}>{l.quantity && red ? `-${l.quantity.replace(/^-/, '')}` : l.quantity}</td>
              <td style={s.num}>{l.unitPriceExclusive ?? l.unitPrice}</td>
              <td style={s.num}>{money(l.amountFen)}</td>
              <td style={{ ...s.td, textAlign: 'center' }}>{rateText(l)}</td>
              <td style={s.num}>{taxText(l)}</td>
            </tr>
          ))}
          <tr>
            <td style={{ ...s.totalRow, textAlign: 'center' }} colSpan={5}>
              {t('invoiceFace.total')}
            </td>
            <td style={s.totalNum} data-testid="face-amount">
              ¥{money(invoice.amountFen)}
            </td>
            <td style={s.totalRow} />
            <td style={s.totalNum} data-testid="face-tax">
              ¥{money(invoice.taxFen)}
            </td>
          </tr>
          <tr>
            <td style={{ ...s.totalRow, textAlign: 'center' }} colSpan={2}>
              {t('invoiceFace.grandTotal')}
            </td>
            <td style={s.words} colSpan={4} data-testid="face-words">
              ⓧ {words}
            </td>
            <td style={s.words} colSpan={2}>
              <span style={{ color: s.totalRow.color }}>{t('invoiceFace.lower')}</span>
              <span data-testid="face-total">¥{money(invoice.totalFen)}</span>
            </td>
          </tr>
          <tr>
            <td style={{ ...s.totalRow, textAlign: 'center' }}>{t('invoiceFace.remarks')}</td>
            <td style={{ ...s.words, whiteSpace: 'pre-wrap', height: '12mm' }} colSpan={7}>
              {remarks}
            </td>
          </tr>
        </tbody>
      </table>

      <div style={s.footer}>
        <span>
          {t('invoiceFace.drawer')}
          <span style={{ color: '#222' }}>{invoice.drawer}</span>
        </span>
        {invoice.payee ? (
          <span>
            {t('invoiceFace.payee')}
            <span style={{ color: '#222' }}>{invoice.payee}</span>
          </span>
        ) : null}
        {invoice.reviewer ? (
          <span>
            {t('invoiceFace.reviewer')}
            <span style={{ color: '#222' }}>{invoice.reviewer}</span>
          </span>
        ) : null}
      </div>
    </div>
  );
}

function Party(p: { name: string; taxNumber: string | null; addressPhone: string; bankAccount: string }) {
  const { t } = useTranslation();
  const row = (key: string, value: string | null) => (
    <div style={s.partyLine}>
      <span style={s.partyKey}>{t(key)}</span>
      <span>{value}</span>
    </div>
  );
  return (
    <>
      {row('invoiceFace.name', p.name)}
      {row('invoiceFace.taxNumber', p.taxNumber)}
      {p.addressPhone ? row('invoiceFace.addressPhone', p.addressPhone) : null}
      {p.bankAccount ? row('invoiceFace.bankAccount', p.bankAccount) : null}
    </>
  );
}

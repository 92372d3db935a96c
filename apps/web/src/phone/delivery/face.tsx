import type { BuyerInvoice } from './api.ts';
import { shanghaiDay, yuan } from '../kit/format.ts';
import { typeName } from './invoice-type.ts';
import { useI18n } from './i18n.ts';
import { FaceLines } from './lines.tsx';

/** The invoice face as a phone shows it: what identifies it, who, its lines, how much, and its state. */
export function InvoiceFace({ inv }: { inv: BuyerInvoice }) {
  const { t, lang } = useI18n();
  const stateClass =
    inv.status === 'issued' ? 'b-tag-ok' : inv.status === 'void' ? 'b-tag-bad' : 'b-tag-warn';
  return (
    <article className="b-card b-face" aria-label={`${t('number')} ${inv.number}`}>
      <div className="b-face-head">
        <span className={`b-face-type${inv.colour === 'red' ? ' b-red' : ''}`}>
          {typeName(inv.type, lang)}
        </span>
        <span className={`b-tag ${stateClass}`}>{t(`state.${inv.status}`)}</span>
      </div>
      {inv.colour === 'red' && inv.blueNumber && (
        <p className="b-red b-small">{t('redInvoice', { number: inv.blueNumber })}</p>
      )}
      <div className="b-total">
        <span className="b-label">{t('total')}</span>
        <strong className={inv.totalFen < 0 ? 'b-red' : undefined}>{yuan(inv.totalFen)}</strong>
      </div>
      <dl className="b-fields">
        <Field label={t('number')} value={inv.number} mono />
        <Field label={t('issuedAt')} value={shanghaiDay(inv.issuedAt)} />
        <Field label={t('amount')} value={yuan(inv.amountFen)} />
        <Field label={t('tax')} value={yuan(inv.taxFen)} />
        <Field label={t('seller')} value={inv.sellerName} sub={inv.sellerCreditCode} />
        <Field label={t('buyer')} value={inv.buyerName} sub={inv.buyerTaxNumber} />
      </dl>
      <FaceLines lines={inv.lines} />
    </article>
  );
}

function Field({
  label,
  value,
  sub,
  mono,
}: {
  label: string;
  value: string;
  sub?: string | null;
  mono?: boolean;
}) {
  return (
    <div className="b-field">
      <dt>{label}</dt>
      <dd className={mono ? 'b-mono' : undefined}>
        {value}
        {sub && <span className="b-sub b-mono">{sub}</span>}
      </dd>
    </div>
  );
}

/** What a voided or red-flushed invoice means for the buyer, above its face. */
export function StateBanner({ inv }: { inv: BuyerInvoice }) {
  const { t, lang } = useI18n();
  if (inv.status === 'void')
    return (
      <p className="b-banner b-banner-bad" role="alert">
        {t('banner.void')}
      </p>
    );
  if (inv.status === 'red' || inv.status === 'partly_red')
    return (
      <p className="b-banner b-banner-warn" role="status">
        {t(`banner.${inv.status}`, { numbers: inv.redNumbers.join(lang === 'zh' ? '、' : ', ') || '—' })}
      </p>
    );
  return null;
}

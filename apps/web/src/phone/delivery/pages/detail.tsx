import { cardBagHref, fileHref, type LinkReply, zipHref } from '../api.ts';
import { InvoiceFace, StateBanner } from '../face.tsx';
import { shanghaiDay, yuan } from '../../kit/format.ts';
import { useI18n } from '../i18n.ts';
import { PageLink, Shell, StatusPanel } from '../../kit/layout.tsx';
import { LinkRefused } from '../link-refused.tsx';
import { navigate, pageHref } from '../nav.ts';
import { useLink } from '../use-link.ts';

/**
 * /smsDetail, /allElesmsDetail (SMS), /invoiceDetail, /emailViewInvoice (e-mail) and /allEleBatchSmsLink: the
 * face with downloads and sending, or the list of a batch link. Entry pages count the open; `n` picks one
 * invoice of a batch link.
 */
export function DetailPage({ code, n, batchView }: { code: string; n: number | null; batchView: boolean }) {
  const { t } = useI18n();
  const state = useLink(code, true);
  return (
    <Shell title={t('appTitle')}>
      {state.kind === 'loading' && <StatusPanel tone="busy" title={t('loading')} />}
      {state.kind === 'refused' && <LinkRefused code={code} error={state.error} />}
      {state.kind === 'ok' &&
        (state.link.kind === 'batch' && (batchView || n === null) ? (
          <BatchList code={code} link={state.link} />
        ) : (
          <OneInvoice code={code} link={state.link} n={n ?? 0} />
        ))}
    </Shell>
  );
}

function OneInvoice({ code, link, n }: { code: string; link: LinkReply; n: number }) {
  const { t } = useI18n();
  const inv = link.invoices.find((i) => i.n === n) ?? link.invoices[0];
  return (
    <>
      <StateBanner inv={inv} />
      <InvoiceFace inv={inv} />
      <Validity expiresAt={link.expiresAt} />
      {inv.downloadable && (
        <nav className="b-card b-actions-grid" aria-label={t('copyDownload')}>
          <a className="b-btn b-primary" href={fileHref(code, 'pdf', inv.n)} download>
            {t('downloadPdf')}
          </a>
          <a className="b-btn" href={fileHref(code, 'xml', inv.n)} download>
            {t('downloadXml')}
          </a>
          <a className="b-btn" href={fileHref(code, 'ofd', inv.n)} download>
            {t('downloadOfd')}
          </a>
          <PageLink
            href={pageHref('/allEleInvoiceEmailInvoice', code, inv.n)}
            onGo={() => navigate('/allEleInvoiceEmailInvoice', code, inv.n)}
          >
            {t('sendEmail')}
          </PageLink>
          <PageLink
            href={pageHref('/allEleInvoiceSmsLink', code, inv.n)}
            onGo={() => navigate('/allEleInvoiceSmsLink', code, inv.n)}
          >
            {t('sendSms')}
          </PageLink>
          <PageLink
            className="b-btn b-wide"
            href={pageHref('/allEleCopyDownload', code, inv.n)}
            onGo={() => navigate('/allEleCopyDownload', code, inv.n)}
          >
            {t('copyDownload')}
          </PageLink>
          {link.cardBag && (
            // The card-bag pages are another phone entry: a plain link, by address only.
            <a className="b-btn b-wide" href={cardBagHref(code)}>
              {t('cardBag')}
            </a>
          )}
        </nav>
      )}
      {link.kind === 'batch' && (
        <PageLink
          className="b-btn b-wide"
          href={pageHref('/allEleBatchSmsLink', code)}
          onGo={() => navigate('/allEleBatchSmsLink', code)}
        >
          {t('batchTitle', { count: link.invoices.length })}
        </PageLink>
      )}
    </>
  );
}

function Validity({ expiresAt }: { expiresAt: string | null }) {
  const { t } = useI18n();
  return (
    <p className="b-note">
      {expiresAt ? t('validUntil', { date: shanghaiDay(expiresAt) }) : t('validForever')}
    </p>
  );
}

/** /allEleBatchSmsLink: every invoice of a batch link, each with its PDF, and all of them as one ZIP. */
function BatchList({ code, link }: { code: string; link: LinkReply }) {
  const { t } = useI18n();
  const any = link.invoices.some((i) => i.downloadable);
  return (
    <>
      <h2 className="b-section-title">{t('batchTitle', { count: link.invoices.length })}</h2>
      <ul className="b-list">
        {link.invoices.map((inv) => (
          <li key={inv.n} className="b-card b-row">
            <div className="b-row-main">
              <span className="b-mono">{inv.number}</span>
              <span className="b-small">
                {inv.sellerName} · {shanghaiDay(inv.issuedAt)}
              </span>
              <strong className={inv.totalFen < 0 ? 'b-red' : undefined}>{yuan(inv.totalFen)}</strong>
              {inv.status !== 'issued' && (
                <span className="b-tag b-tag-warn">{t(`state.${inv.status}`)}</span>
              )}
            </div>
            <div className="b-row-actions">
              <PageLink
                className="b-btn b-small-btn"
                href={pageHref('/smsDetail', code, inv.n)}
                onGo={() => navigate('/smsDetail', code, inv.n)}
              >
                {t('viewInvoice')}
              </PageLink>
              {inv.downloadable && (
                <a className="b-btn b-small-btn" href={fileHref(code, 'pdf', inv.n)} download>
                  PDF
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
      {any && (
        <a className="b-btn b-primary b-wide" href={zipHref(code)} download>
          {t('downloadAll')}
        </a>
      )}
      <Validity expiresAt={link.expiresAt} />
    </>
  );
}

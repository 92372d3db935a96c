import { useState } from 'react';
import { LightApiError } from '../../kit/http.ts';
import { renewLink } from '../api.ts';
import { shanghaiDay } from '../../kit/format.ts';
import { useI18n } from '../i18n.ts';
import { PageLink, Shell, StatusPanel } from '../../kit/layout.tsx';
import { LinkRefused } from '../link-refused.tsx';
import { navigate, pageHref } from '../nav.ts';

/** What the renewal ended in, handed from /smsExtend to /renewalSMS within the tab. */
const RESULT_KEY = 'fpy-buyer-renewal';
type Saved = { code: string; ok: boolean; expiresAt?: string | null; message?: string; errorCode?: string };

const save = (s: Saved) => {
  try {
    sessionStorage.setItem(RESULT_KEY, JSON.stringify(s));
  } catch {}
};
const saved = (code: string): Saved | null => {
  try {
    const s = JSON.parse(sessionStorage.getItem(RESULT_KEY) ?? 'null') as Saved | null;
    return s?.code === code ? s : null;
  } catch {
    return null;
  }
};

/**
 * /smsExtend: the buyer of an expired link asks for it to be extended (once per link, by the seller's link
 * lifetime); the outcome is shown on /renewalSMS. Refusals (already extended, disabled, voided) come worded
 * by the server.
 */
export function ExtendPage({ code }: { code: string }) {
  const { t, lang } = useI18n();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const r = await renewLink(code, lang);
      save({ code, ok: true, expiresAt: r.expiresAt });
    } catch (e) {
      const err = e instanceof LightApiError ? e : new LightApiError(0, 'NETWORK_ERROR', String(e));
      save({ code, ok: false, message: err.message, errorCode: err.code });
    }
    navigate('/renewalSMS', code, null, true);
  };
  return (
    <Shell title={t('renew.title')}>
      <StatusPanel
        tone="warn"
        title={t('link.expired.title')}
        actions={
          <button type="button" className="b-btn b-primary" onClick={submit} disabled={busy}>
            {busy ? t('renew.submitting') : t('renew.submit')}
          </button>
        }
      >
        <p>{t('renew.intro')}</p>
      </StatusPanel>
    </Shell>
  );
}

/** /renewalSMS: the renewal's outcome — the new validity and the way back to the invoice, or why not. */
export function RenewalResultPage({ code }: { code: string }) {
  const { t } = useI18n();
  const result = saved(code);
  const view = (
    <PageLink
      className="b-btn b-primary"
      href={pageHref('/smsDetail', code)}
      onGo={() => navigate('/smsDetail', code)}
    >
      {t('viewInvoice')}
    </PageLink>
  );
  const sms = (
    <PageLink
      href={pageHref('/allEleInvoiceSmsLink', code)}
      onGo={() => navigate('/allEleInvoiceSmsLink', code)}
    >
      {t('renew.resendSms')}
    </PageLink>
  );
  if (!result)
    // Opened directly: the invoice page itself tells whether the link works or offers the extension.
    return (
      <Shell title={t('renew.title')}>
        <StatusPanel tone="warn" title={t('renew.title')} actions={view}>
          <p>{t('renew.intro')}</p>
        </StatusPanel>
      </Shell>
    );
  if (result.ok)
    return (
      <Shell title={t('renew.title')}>
        <StatusPanel
          tone="ok"
          title={t('renew.doneTitle')}
          actions={
            <>
              {view}
              {sms}
            </>
          }
        >
          <p>
            {result.expiresAt
              ? t('renew.doneUntil', { date: shanghaiDay(result.expiresAt) })
              : t('renew.doneForever')}
          </p>
        </StatusPanel>
      </Shell>
    );
  if (result.errorCode === 'BUYER_LINK_UNKNOWN' || result.errorCode === 'RATE_LIMITED')
    return (
      <Shell title={t('renew.title')}>
        <LinkRefused code={code} error={new LightApiError(404, result.errorCode, result.message ?? '')} />
      </Shell>
    );
  return (
    <Shell title={t('renew.title')}>
      <StatusPanel
        tone={result.errorCode === 'BUYER_LINK_RENEW_NOT_NEEDED' ? 'ok' : 'error'}
        title={
          result.errorCode === 'BUYER_LINK_RENEW_NOT_NEEDED' ? t('renew.valid') : t('renew.refusedTitle')
        }
        actions={result.errorCode === 'BUYER_LINK_RENEW_NOT_NEEDED' ? view : undefined}
      >
        <p>{result.message}</p>
      </StatusPanel>
    </Shell>
  );
}

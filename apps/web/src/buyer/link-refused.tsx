import type { LightApiError } from '../lib/http-light.ts';
import { PageLink, StatusPanel } from './layout.tsx';
import { useI18n } from './i18n.ts';
import { navigate, pageHref } from './nav.ts';

/**
 * The page for a link that opens nothing: unknown, expired (with renewal), disabled, rate-limited or offline.
 * The server's message is shown as it is worded (in the page's language); nothing else is known of the invoice.
 */
export function LinkRefused({ code, error }: { code: string; error: LightApiError }) {
  const { t } = useI18n();
  switch (error.code) {
    case 'BUYER_LINK_EXPIRED':
      return (
        <StatusPanel
          tone="warn"
          title={t('link.expired.title')}
          actions={
            <PageLink href={pageHref('/smsExtend', code)} onGo={() => navigate('/smsExtend', code)}>
              {t('renewAsk')}
            </PageLink>
          }
        >
          <p>{error.message}</p>
        </StatusPanel>
      );
    case 'BUYER_LINK_DISABLED':
      return (
        <StatusPanel tone="error" title={t('link.disabled.title')}>
          <p>{error.message}</p>
        </StatusPanel>
      );
    case 'RATE_LIMITED':
      return (
        <StatusPanel tone="warn" title={t('link.limited.title')}>
          <p>{t('link.limited.text')}</p>
        </StatusPanel>
      );
    case 'NETWORK_ERROR':
      return (
        <StatusPanel
          tone="warn"
          title={t('link.network.title')}
          actions={
            <button type="button" className="b-btn" onClick={() => location.reload()}>
              {t('retry')}
            </button>
          }
        >
          <p>{t('link.network.text')}</p>
        </StatusPanel>
      );
    case 'BUYER_LINK_MISSING':
      return (
        <StatusPanel tone="error" title={t('link.unknown.title')}>
          <p>{t('link.missing')}</p>
        </StatusPanel>
      );
    default:
      return (
        <StatusPanel tone="error" title={t('link.unknown.title')}>
          <p>{error.message || t('link.missing')}</p>
        </StatusPanel>
      );
  }
}

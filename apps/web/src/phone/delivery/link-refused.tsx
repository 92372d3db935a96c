import type { LightApiError } from '../kit/http.ts';
import { PageLink, StatusPanel } from '../kit/layout.tsx';
import { Refused } from '../kit/refused.tsx';
import { useI18n } from './i18n.ts';
import { navigate, pageHref } from './nav.ts';

/**
 * The page for a link that opens nothing: expired (with renewal) and disabled here, the shared reasons (unknown,
 * rate-limited, offline) by the kit. The server's message is shown as it is worded (in the page's language);
 * nothing else is known of the invoice.
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
    default:
      // BUYER_LINK_MISSING (no code in the address) carries no message: the fallback says where to open it.
      return <Refused error={error} fallback={t('link.missing')} />;
  }
}

import type { ReactNode } from 'react';
import type { LightApiError } from './http.ts';
import { useKitTexts } from './i18n.ts';
import { StatusPanel } from './layout.tsx';

/**
 * The page for a request the server refused, for the reasons every phone page shares: too many attempts,
 * offline, or anything else (the server's message as it is worded, in the page's language). A family handles
 * its own codes first (an expired link offers renewal) and passes the rest here; `fallback` is the text when the
 * server sent none.
 */
export function Refused({ error, fallback }: { error: LightApiError; fallback?: ReactNode }) {
  const { t } = useKitTexts();
  switch (error.code) {
    case 'RATE_LIMITED':
      return (
        <StatusPanel tone="warn" title={t('refused.limited.title')}>
          <p>{t('refused.limited.text')}</p>
        </StatusPanel>
      );
    case 'NETWORK_ERROR':
      return (
        <StatusPanel
          tone="warn"
          title={t('refused.network.title')}
          actions={
            <button type="button" className="b-btn" onClick={() => location.reload()}>
              {t('retry')}
            </button>
          }
        >
          <p>{t('refused.network.text')}</p>
        </StatusPanel>
      );
    default:
      return (
        <StatusPanel tone="error" title={t('refused.unknown.title')}>
          <p>{error.message || fallback}</p>
        </StatusPanel>
      );
  }
}

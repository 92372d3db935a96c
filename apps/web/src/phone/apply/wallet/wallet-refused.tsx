import type { LightApiError } from '../../kit/http.ts';
import { StatusPanel } from '../../kit/layout.tsx';
import { Refused } from '../../kit/refused.tsx';
import { useWalletTexts } from './i18n.ts';

/** No code in the address: where the link comes from. */
export function NoCode() {
  const { t } = useWalletTexts();
  return (
    <StatusPanel tone="warn" title={t('wallet.nocode.title')}>
      <p>{t('wallet.nocode.text')}</p>
    </StatusPanel>
  );
}

/** An unknown, expired or another company's link: the server's one wording (WALLET_LINK_UNAVAILABLE). */
export function WalletRefused({ error }: { error: LightApiError }) {
  const { t } = useWalletTexts();
  if (error.code === 'WALLET_LINK_UNAVAILABLE')
    return (
      <StatusPanel tone="warn" title={t('wallet.unavailable.title')}>
        <p>{error.message}</p>
      </StatusPanel>
    );
  return <Refused error={error} />;
}

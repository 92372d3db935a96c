import { WALLET_PAGES } from '@fpy/contracts/wallet-api';
import { useEffect, useState } from 'react';
import { LightApiError } from '../../../kit/http.ts';
import { PageLink, Shell, StatusPanel } from '../../../kit/layout.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { applyHref, goApply } from '../../variant.ts';
import { buyerId, fetchWallet, qrUrl, type WalletView } from '../api.ts';
import { useWalletTexts } from '../i18n.ts';
import { NoCode, WalletRefused } from '../wallet-refused.tsx';
import { InvoiceCard } from './card-bag.tsx';

type State =
  | { kind: 'loading' }
  | { kind: 'ok'; view: WalletView }
  | { kind: 'refused'; error: LightApiError };

/** /invoice/QRCode: the invoice and the QR code of its page, to open it on another phone. */
export default function QrPage({ code, variant }: ApplyPageProps) {
  const { t, lang } = useWalletTexts();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (!code) return;
    let live = true;
    fetchWallet(code, buyerId(), lang).then(
      (view) => live && setState({ kind: 'ok', view }),
      (err) =>
        live &&
        setState({
          kind: 'refused',
          error: err instanceof LightApiError ? err : new LightApiError(0, 'NETWORK_ERROR', String(err)),
        }),
    );
    return () => {
      live = false;
    };
  }, [code, lang]);

  return (
    <Shell title={t('wallet.title.qr')}>
      {!code && <NoCode />}
      {code && state.kind === 'loading' && <StatusPanel tone="busy" title={t('wallet.loading')} />}
      {code && state.kind === 'refused' && <WalletRefused error={state.error} />}
      {code && state.kind === 'ok' && (
        <>
          <InvoiceCard view={state.view} t={t} />
          <section className="b-card b-status">
            <img
              src={qrUrl(code)}
              alt={t('wallet.qr.alt')}
              width={220}
              height={220}
              style={{ maxWidth: '100%', height: 'auto' }}
              data-testid="wallet-qr"
            />
            <p className="b-note">{t('wallet.qr.text')}</p>
          </section>
          <nav className="b-actions">
            <PageLink
              className="b-btn b-primary"
              href={applyHref(WALLET_PAGES.choose[0], variant, code)}
              onGo={() => goApply(WALLET_PAGES.choose[0], variant, code)}
            >
              {t('wallet.title')}
            </PageLink>
          </nav>
        </>
      )}
    </Shell>
  );
}

import { buyerPageUrl } from '@fpy/contracts/buyer-pages';
import { WALLET_PAGES, type WalletPlatform } from '@fpy/contracts/wallet-api';
import { useCallback, useEffect, useState } from 'react';
import { shanghaiDay, yuan } from '../../../kit/format.ts';
import { LightApiError } from '../../../kit/http.ts';
import { PageLink, Shell, StatusPanel } from '../../../kit/layout.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { applyHref, goApply } from '../../variant.ts';
import { buyerId, fetchWallet, insertCard, type WalletView } from '../api.ts';
import { useWalletTexts, type WalletT } from '../i18n.ts';
import { NoCode, WalletRefused } from '../wallet-refused.tsx';

/** Asked again every few seconds while a card is on its way into the bag. */
const POLL_MS = 3000;

type Mode = 'alipay' | 'wechat' | 'choose' | 'detail' | 'status';

const modeOf = (base: string): Mode => {
  if ((WALLET_PAGES.alipay as readonly string[]).includes(base) || base === '/allElealipayCardBag')
    return 'alipay';
  if (base === WALLET_PAGES.wechat[0]) return 'wechat';
  if (base === WALLET_PAGES.detail[0]) return 'detail';
  if (base === WALLET_PAGES.status[0]) return 'status';
  return 'choose';
};
const PLATFORMS: Record<Mode, WalletPlatform[]> = {
  alipay: ['alipay'],
  wechat: ['wechat'],
  choose: ['wechat', 'alipay'],
  detail: ['wechat', 'alipay'],
  status: ['wechat', 'alipay'],
};
const TITLE = {
  alipay: 'wallet.title.alipay',
  wechat: 'wallet.title.wechat',
  choose: 'wallet.title',
  detail: 'wallet.title.detail',
  status: 'wallet.title.status',
} as const;

type State =
  | { kind: 'loading' }
  | { kind: 'ok'; view: WalletView }
  | { kind: 'refused'; error: LightApiError };

const asLight = (err: unknown) =>
  err instanceof LightApiError ? err : new LightApiError(0, 'NETWORK_ERROR', String(err));

/**
 * The buyer's card-bag pages, one page for every route of the family: /alipayCardBag (+Test, Bwt, 全电 Bwt) and
 * /webInsertCard put the invoice into one platform's bag, /payInvoicingCardBag offers both after paying,
 * /paymentInvoiceDetail shows the invoice with both, /openInvoiceStatus where the insertions stand. The code is the
 * invoice link's (?c=); the page asks again every few seconds while a card is on its way, so the platform's
 * answer shows without a reload.
 */
export default function CardBagPage({ code, variant }: ApplyPageProps) {
  const { t, lang } = useWalletTexts();
  const mode = modeOf(variant.base);
  const [buyer] = useState(buyerId);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState<WalletPlatform | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    // `tick` moves after an insert: load again (and poll while the card is on its way).
    if (!code || tick < 0) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const view = await fetchWallet(code, buyer, lang);
        if (!live) return;
        setState({ kind: 'ok', view });
        if (view.cards.some((c) => c.state === 'pending')) timer = setTimeout(load, POLL_MS);
      } catch (err) {
        if (!live) return;
        const error = asLight(err);
        if (error.code === 'NETWORK_ERROR') {
          timer = setTimeout(load, POLL_MS * 2);
          setState((s) => (s.kind === 'ok' ? s : { kind: 'refused', error }));
        } else setState({ kind: 'refused', error });
      }
    };
    void load();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [code, buyer, lang, tick]);

  const insert = useCallback(
    async (platform: WalletPlatform) => {
      setBusy(platform);
      try {
        await insertCard(code, platform, buyer, lang);
        setTick((n) => n + 1);
      } catch (err) {
        setState({ kind: 'refused', error: asLight(err) });
      } finally {
        setBusy(null);
      }
    },
    [code, buyer, lang],
  );

  return (
    <Shell title={t(TITLE[mode])}>
      {variant.channel === 'test' && (
        <p className="b-banner b-banner-warn" data-testid="wallet-test-channel">
          {t('wallet.test')}
        </p>
      )}
      {!code && <NoCode />}
      {code && state.kind === 'loading' && <StatusPanel tone="busy" title={t('wallet.loading')} />}
      {code && state.kind === 'refused' && <WalletRefused error={state.error} />}
      {code && state.kind === 'ok' && (
        <>
          <InvoiceCard view={state.view} t={t} />
          {mode === 'choose' && <p className="b-note">{t('wallet.choose')}</p>}
          {!state.view.invoice.insertable && (
            <p className="b-banner b-banner-bad">{t('wallet.notInsertable')}</p>
          )}
          {PLATFORMS[mode].map((p) => (
            <PlatformCard
              key={p}
              platform={p}
              view={state.view}
              busy={busy === p}
              onInsert={() => insert(p)}
              t={t}
            />
          ))}
          <nav className="b-actions">
            {mode !== 'detail' && (
              <PageLink
                className="b-link"
                href={applyHref(WALLET_PAGES.detail[0], variant, code)}
                onGo={() => goApply(WALLET_PAGES.detail[0], variant, code)}
              >
                {t('wallet.link.detail')}
              </PageLink>
            )}
            {mode !== 'status' && (
              <PageLink
                className="b-link"
                href={applyHref(WALLET_PAGES.status[0], variant, code)}
                onGo={() => goApply(WALLET_PAGES.status[0], variant, code)}
              >
                {t('wallet.link.status')}
              </PageLink>
            )}
            <PageLink
              className="b-link"
              href={applyHref(WALLET_PAGES.qr[0], variant, code)}
              onGo={() => goApply(WALLET_PAGES.qr[0], variant, code)}
            >
              {t('wallet.link.qr')}
            </PageLink>
            <a className="b-link" href={buyerPageUrl(code)}>
              {t('wallet.link.pdf')}
            </a>
          </nav>
        </>
      )}
    </Shell>
  );
}

export function InvoiceCard({ view, t }: { view: WalletView; t: WalletT }) {
  const inv = view.invoice;
  return (
    <section className="b-card b-summary" data-testid="wallet-invoice">
      <span className="b-small">{inv.sellerName}</span>
      <strong className="b-total">{yuan(inv.totalFen)}</strong>
      <dl className="b-fields">
        <div className="b-field">
          <dt>{t('wallet.buyer')}</dt>
          <dd>{inv.buyerName}</dd>
        </div>
        <div className="b-field">
          <dt>{t('wallet.number')}</dt>
          <dd className="b-mono">{inv.number}</dd>
        </div>
        <div className="b-field">
          <dt>{t('wallet.date')}</dt>
          <dd>{shanghaiDay(inv.issuedAt)}</dd>
        </div>
        <div className="b-field">
          <dt>{t('wallet.tax')}</dt>
          <dd>{yuan(inv.taxFen)}</dd>
        </div>
      </dl>
    </section>
  );
}

function PlatformCard({
  platform,
  view,
  busy,
  onInsert,
  t,
}: {
  platform: WalletPlatform;
  view: WalletView;
  busy: boolean;
  onInsert: () => void;
  t: WalletT;
}) {
  const card = view.cards.find((c) => c.platform === platform);
  const state = card?.state ?? 'none';
  const tone = { none: '', pending: 'b-tag-warn', inserted: 'b-tag-ok', failed: 'b-tag-bad', deleted: '' }[
    state
  ];
  const canAsk = view.invoice.insertable && (state === 'none' || state === 'failed');
  return (
    <section className="b-card" data-testid={`wallet-${platform}`}>
      <h2 className="b-section-title">
        {t(`wallet.platform.${platform}`)}{' '}
        <span className={`b-tag ${tone}`} data-testid={`wallet-${platform}-state`} data-state={state}>
          {t(`wallet.state.${state}`)}
        </span>
      </h2>
      {state === 'pending' && (
        <p className="b-note">
          <span className="b-spinner" aria-hidden="true" /> {t('wallet.state.pending')}
        </p>
      )}
      {card?.failReason && <p className="b-error">{card.failReason}</p>}
      {canAsk && (
        <button
          type="button"
          className="b-btn b-primary b-wide"
          disabled={busy}
          onClick={onInsert}
          data-testid={`wallet-insert-${platform}`}
        >
          {busy
            ? t('wallet.sending')
            : state === 'failed'
              ? t('wallet.again')
              : t(`wallet.insert.${platform}`)}
        </button>
      )}
    </section>
  );
}

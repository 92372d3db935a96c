import type { ReactNode } from 'react';
import { shanghaiDay, yuan } from '../../kit/format.ts';
import { Shell, StatusPanel } from '../../kit/layout.tsx';
import { Refused } from '../../kit/refused.tsx';
import type { ApplyPageProps } from '../routes.ts';
import { brandKey } from '../variant.ts';
import type { OrderView } from './api.ts';
import { useOrderTexts } from './i18n.ts';
import { type OrderState, useOrder } from './use-order.ts';

/**
 * The frame of every order page: the code of the address resolved to its order first. Without a code the page
 * says what to scan; an unknown code (the same answer for a forged one and another seller's) says what to check;
 * too many tries or no network the kit's refusals. Only then the page's own content.
 */
export function OrderFrame({
  props,
  children,
}: {
  props: ApplyPageProps;
  children: (order: OrderView, state: OrderState) => ReactNode;
}) {
  const { t, lang } = useOrderTexts();
  const state = useOrder(props.code, lang);
  return (
    <Shell title={t(brandKey(props.variant))}>
      {props.variant.channel === 'test' && (
        <p className="b-banner b-banner-warn" data-testid="test-channel">
          {t('channel.test')}
        </p>
      )}
      {state.kind === 'nocode' && (
        <StatusPanel tone="warn" title={t('nocode.title')}>
          <p>{t('nocode.text')}</p>
        </StatusPanel>
      )}
      {state.kind === 'loading' && <StatusPanel tone="busy" title={t('loading')} />}
      {state.kind === 'refused' &&
        (state.error.code === 'ORDER_UNKNOWN' ? (
          <StatusPanel tone="warn" title={t('unknown.title')}>
            <p>{t('unknown.text')}</p>
          </StatusPanel>
        ) : (
          <Refused error={state.error} />
        ))}
      {state.kind === 'ok' && children(state.order, state)}
    </Shell>
  );
}

/** Seller, amount and lines: what the buyer is invoiced for (the order's figures, never editable). */
export function OrderSummary({ order, lines = true }: { order: OrderView; lines?: boolean }) {
  const { t } = useOrderTexts();
  return (
    <section className="b-card" aria-label={t('order.amount')}>
      <p className="b-small" data-testid="order-seller">
        {t('order.seller')}：{order.sellerName}
      </p>
      <div className="b-total">
        <span className="b-label">{t('order.amount')}</span>
        <strong data-testid="order-amount">{yuan(order.amountFen)}</strong>
      </div>
      {lines && (
        <ul className="b-list" aria-label={t('order.lines')}>
          {order.lines.map((l, i) => (
            <li className="b-row" key={`${i}-${l.name}`}>
              <span className="b-row-main">{l.name}</span>
              <span className="b-num">{yuan(l.amountFen)}</span>
            </li>
          ))}
        </ul>
      )}
      {order.state === 'open' && order.expiresAt && (
        <p className="b-small">{t('order.expires', { day: shanghaiDay(order.expiresAt) })}</p>
      )}
    </section>
  );
}

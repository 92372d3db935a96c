import type { BuyerTarget } from '@fpy/contracts';
import { useEffect, useMemo, useState } from 'react';
import { LightApiError } from '../../kit/http.ts';
import { type DeliveryReply, deliveryStatus, rememberedTarget } from '../api.ts';
import { type T, useI18n } from '../i18n.ts';
import { PageLink, Shell, StatusPanel } from '../../kit/layout.tsx';
import { LinkRefused } from '../link-refused.tsx';
import { navigate, pageHref } from '../nav.ts';

const POLL_MS = 1500;
/** About half a minute: e-mail and SMS usually leave well within it; after that the result page takes over. */
const POLLS = 20;

export const isDone = (s: DeliveryReply['status']) => s === 'accepted' || s === 'delivered';
export const isFailed = (s: DeliveryReply['status']) => s === 'failed' || s === 'dead' || s === 'skipped';

export type Outcome = 'success' | 'error' | 'result';

/**
 * /allEleDeliveryLoad (then → /allEleDeliverySuccess | /allEleDeliveryError | /allEleDeliveryResult) and
 * /allEleInvoiceSmsResult (the SMS link's outcome shown in place): polls where the delivery asked for from
 * this tab stands. The address is the one remembered from the form (never in the URL).
 */
export function ProgressPage({ code, n, inPlace }: { code: string; n: number; inPlace: boolean }) {
  const { t, lang } = useI18n();
  const target = useMemo(() => rememberedTarget(code), [code]);
  const [reply, setReply] = useState<DeliveryReply | null>(null);
  const [error, setError] = useState<LightApiError | null>(null);
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    if (!target) return;
    let live = true;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const r = await deliveryStatus(code, target, lang);
        if (!live) return;
        setReply(r);
        const outcome: Outcome | null = isDone(r.status) ? 'success' : isFailed(r.status) ? 'error' : null;
        if (outcome || ++polls >= POLLS) {
          if (inPlace) return setGaveUp(!outcome);
          const page = {
            success: '/allEleDeliverySuccess',
            error: '/allEleDeliveryError',
            result: '/allEleDeliveryResult',
          } as const;
          return navigate(page[outcome ?? 'result'], code, n, true);
        }
        timer = setTimeout(poll, POLL_MS);
      } catch (e) {
        if (live) setError(e instanceof LightApiError ? e : new LightApiError(0, 'NETWORK_ERROR', String(e)));
      }
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [code, target, n, lang, inPlace]);

  const title = inPlace ? t('send.smsTitle') : t('progress.title');
  if (!target)
    return (
      <Shell title={title}>
        <NoTarget code={code} n={n} />
      </Shell>
    );
  if (error)
    return (
      <Shell title={title}>
        <LinkRefused code={code} error={error} />
      </Shell>
    );
  const outcome =
    reply && (isDone(reply.status) ? 'success' : isFailed(reply.status) ? 'error' : gaveUp ? 'result' : null);
  return (
    <Shell title={title}>
      {outcome && reply ? (
        <OutcomePanel outcome={outcome} reply={reply} code={code} n={n} target={target} />
      ) : (
        <StatusPanel tone="busy" title={t('progress.title')}>
          <p>{t('progress.text', { to: reply?.maskedRecipient ?? '…' })}</p>
        </StatusPanel>
      )}
    </Shell>
  );
}

export function NoTarget({ code, n }: { code: string; n: number }) {
  const { t } = useI18n();
  return (
    <StatusPanel
      tone="warn"
      title={t('result.title')}
      actions={
        <PageLink
          href={pageHref('/allElePreDelivery', code, n)}
          onGo={() => navigate('/allElePreDelivery', code, n)}
        >
          {t('deliver')}
        </PageLink>
      }
    >
      <p>{t('result.noTarget')}</p>
    </StatusPanel>
  );
}

const stateText = (t: T, s: DeliveryReply['status']) => t(`delivery.${s}`);

/** Success, failure (with the provider's or the control's reason) or still pending, with what to do next. */
export function OutcomePanel({
  outcome,
  reply,
  code,
  n,
  target,
  onRefresh,
}: {
  outcome: Outcome;
  reply: DeliveryReply;
  code: string;
  n: number;
  target: BuyerTarget;
  onRefresh?: () => void;
}) {
  const { t } = useI18n();
  const back = (
    <PageLink href={pageHref('/smsDetail', code, n)} onGo={() => navigate('/smsDetail', code, n)}>
      {t('back')}
    </PageLink>
  );
  if (outcome === 'success')
    return (
      <StatusPanel tone="ok" title={t('success.title')} actions={back}>
        <p>
          {t(reply.status === 'delivered' ? 'success.text' : 'success.accepted', {
            to: reply.maskedRecipient,
          })}
        </p>
      </StatusPanel>
    );
  if (outcome === 'error') {
    const again = target.channel === 'sms' ? '/allEleInvoiceSmsLink' : '/allElePreDelivery';
    return (
      <StatusPanel
        tone="error"
        title={t('error.title')}
        actions={
          <>
            <PageLink
              className="b-btn b-primary"
              href={pageHref(again, code, n)}
              onGo={() => navigate(again, code, n)}
            >
              {t('retry')}
            </PageLink>
            {back}
          </>
        }
      >
        <p>{t('error.text', { to: reply.maskedRecipient })}</p>
        {reply.reason && <p className="b-small">{t('error.reason', { reason: reply.reason })}</p>}
      </StatusPanel>
    );
  }
  return (
    <StatusPanel
      tone="warn"
      title={t('result.title')}
      actions={
        <>
          {onRefresh && (
            <button type="button" className="b-btn b-primary" onClick={onRefresh}>
              {t('result.refresh')}
            </button>
          )}
          {back}
        </>
      }
    >
      <p>
        {reply.status === 'none'
          ? t('result.none')
          : t('result.pending', { state: stateText(t, reply.status) })}
      </p>
    </StatusPanel>
  );
}

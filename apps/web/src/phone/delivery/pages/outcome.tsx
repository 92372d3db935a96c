import { useCallback, useEffect, useMemo, useState } from 'react';
import { LightApiError } from '../../kit/http.ts';
import { type DeliveryReply, deliveryStatus, rememberedTarget } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { Shell, StatusPanel } from '../../kit/layout.tsx';
import { LinkRefused } from '../link-refused.tsx';
import { isDone, isFailed, NoTarget, type Outcome, OutcomePanel } from './progress.tsx';

/**
 * /allEleDeliverySuccess, /allEleDeliveryError, /allEleDeliveryResult and /deliverResult: the delivery's state
 * as the server has it now (the page may be reloaded or reopened later), with a refresh while it is pending.
 * The page's name is only where the buyer came from; what it shows is always the current state.
 */
export function OutcomePage({ code, n }: { code: string; n: number }) {
  const { t, lang } = useI18n();
  const target = useMemo(() => rememberedTarget(code), [code]);
  const [reply, setReply] = useState<DeliveryReply | null>(null);
  const [error, setError] = useState<LightApiError | null>(null);
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((x) => x + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` is the refresh button asking again
  useEffect(() => {
    if (!target) return;
    let live = true;
    deliveryStatus(code, target, lang)
      .then((r) => live && setReply(r))
      .catch(
        (e) =>
          live && setError(e instanceof LightApiError ? e : new LightApiError(0, 'NETWORK_ERROR', String(e))),
      );
    return () => {
      live = false;
    };
  }, [code, target, lang, tick]);

  const outcome: Outcome | null =
    reply && (isDone(reply.status) ? 'success' : isFailed(reply.status) ? 'error' : 'result');
  return (
    <Shell title={t('result.title')}>
      {!target && <NoTarget code={code} n={n} />}
      {target && error && <LinkRefused code={code} error={error} />}
      {target && !error && !reply && <StatusPanel tone="busy" title={t('loading')} />}
      {target && reply && outcome && (
        <OutcomePanel outcome={outcome} reply={reply} code={code} n={n} target={target} onRefresh={refresh} />
      )}
    </Shell>
  );
}

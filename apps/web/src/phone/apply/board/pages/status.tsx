import { BOARD_PAGES, BOARD_REQUEST_PARAM } from '@fpy/contracts/board-api';
import { type ReactNode, useEffect, useState } from 'react';
import { yuan } from '../../../kit/format.ts';
import { LightApiError } from '../../../kit/http.ts';
import { PageLink, Shell, StatusPanel } from '../../../kit/layout.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { applyHref, goApply } from '../../variant.ts';
import { type BoardRequest, fetchRequest, flowOf } from '../api.ts';
import { BoardRefused, NoCode } from '../board-refused.tsx';
import { useBoardTexts } from '../i18n.ts';

/** Polled every few seconds while the seller has not decided or the invoice is being issued. */
const POLL_MS = 3000;
const SETTLED = new Set(['issued', 'rejected', 'failed']);

type State =
  | { kind: 'loading' }
  | { kind: 'ok'; request: BoardRequest }
  | { kind: 'refused'; error: LightApiError };

/**
 * /bindingSuccess, /allEleBindSuccess, /officialAccountsSpj: where the buyer's request stands. It asks again
 * every three seconds until the request is settled, so the seller's approval in the console shows here without
 * a reload; issued → the invoice's page (delivery's buyer link), rejected → the seller's reason.
 */
export default function StatusPage({ path, code, variant, query }: ApplyPageProps) {
  const { t, lang } = useBoardTexts();
  const token = query.get(BOARD_REQUEST_PARAM) ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (!code || !token) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const request = await fetchRequest(code, token, lang);
        if (!live) return;
        setState({ kind: 'ok', request });
        if (!SETTLED.has(request.state)) timer = setTimeout(load, POLL_MS);
      } catch (err) {
        if (!live) return;
        const error = err instanceof LightApiError ? err : new LightApiError(0, 'NETWORK_ERROR', String(err));
        // A dropped connection while waiting: keep the last answer on screen and try again.
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
  }, [code, token, lang]);

  const plate = flowOf(path).plate;
  const again = (
    <PageLink
      className="b-btn"
      href={applyHref(plate, variant, code)}
      onGo={() => goApply(plate, variant, code)}
    >
      {t('status.again')}
    </PageLink>
  );

  return (
    <Shell title={t('status.title')}>
      {!code && <NoCode />}
      {code && !token && (
        <StatusPanel tone="warn" title={t('status.norequest.title')} actions={again}>
          <p>{t('status.norequest.text')}</p>
        </StatusPanel>
      )}
      {code && token && state.kind === 'loading' && <StatusPanel tone="busy" title={t('loading')} />}
      {code &&
        token &&
        state.kind === 'refused' &&
        (state.error.code === 'CODE_BOARD_REQUEST_UNKNOWN' ? (
          <StatusPanel tone="warn" title={t('status.norequest.title')} actions={again}>
            <p>{state.error.message}</p>
          </StatusPanel>
        ) : (
          <BoardRefused error={state.error} />
        ))}
      {code && token && state.kind === 'ok' && (
        <RequestPanel request={state.request} again={again} follow={path === BOARD_PAGES.statusFollow} />
      )}
    </Shell>
  );
}

function RequestPanel({
  request: r,
  again,
  follow,
}: {
  request: BoardRequest;
  again: ReactNode;
  follow: boolean;
}) {
  const { t } = useBoardTexts();
  const summary = (
    <section className="b-card b-summary" data-testid="request-summary">
      <span className="b-small">
        {r.sellerName} · {r.boardName}
      </span>
      <strong>{r.buyerName}</strong>
      <span>{t('status.summary', { category: r.categoryName, amount: yuan(r.amountFen) })}</span>
    </section>
  );
  const panel = (() => {
    switch (r.state) {
      case 'pending':
        return (
          <StatusPanel tone="busy" title={t('status.pending.title')}>
            <p>{t('status.pending.text')}</p>
          </StatusPanel>
        );
      case 'approved':
      case 'issuing':
        return (
          <StatusPanel
            tone="busy"
            title={r.state === 'approved' ? t('status.approved.title') : t('status.issuing.title')}
          >
            <p>{t('status.issuing.text')}</p>
          </StatusPanel>
        );
      case 'issued':
        return (
          <StatusPanel
            tone="ok"
            title={t('status.issued.title')}
            actions={
              r.invoiceUrl ? (
                <a className="b-btn b-primary" href={r.invoiceUrl}>
                  {t('status.view')}
                </a>
              ) : undefined
            }
          >
            <p>{t('status.issued.text')}</p>
          </StatusPanel>
        );
      case 'rejected':
        return (
          <StatusPanel tone="error" title={t('status.rejected.title')} actions={again}>
            {r.rejectReason && <p>{t('status.rejected.reason', { reason: r.rejectReason })}</p>}
          </StatusPanel>
        );
      default:
        return (
          <StatusPanel tone="error" title={t('status.failed.title')} actions={again}>
            <p>{t('status.failed.text')}</p>
          </StatusPanel>
        );
    }
  })();
  return (
    <div data-testid="request-status" data-state={r.state}>
      {panel}
      {summary}
      {follow && <p className="b-note">{t('status.follow')}</p>}
    </div>
  );
}

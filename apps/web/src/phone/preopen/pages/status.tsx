import { useEffect, useState } from 'react';
import type { LightApiError } from '../../kit/http.ts';
import { PageLink, Shell, StatusPanel } from '../../kit/layout.tsx';
import { go } from '../../kit/nav.ts';
import { appHref, asApiError, openPdf, pageFor, retry } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { useApplication } from '../use-app.ts';
import { Application, BackToList, NoApplication, NotBound, PreopenRefused } from '../views.tsx';

/** /invoicingStatus?id=: the result — issued (number, PDF) or failed (reason, retry when the console allows it). */
export function StatusPage({ id }: { id: number | null }) {
  const { t, lang } = useI18n();
  const { view, error, bound, missing } = useApplication({ id });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<LightApiError | null>(null);

  useEffect(() => {
    if (view?.phase === 'pending' || view?.phase === 'processing') go(appHref(pageFor(view), view.id), true);
    else if (view && view.phase !== 'issued' && view.phase !== 'failed')
      go(appHref('/preopeningOver', view.id), true);
  }, [view]);

  const title = error ? t('title.app') : t('title.status');
  if (!bound || missing || error || !view)
    return (
      <Shell title={title}>
        {!bound ? (
          <NotBound />
        ) : missing ? (
          <NoApplication />
        ) : error ? (
          <PreopenRefused error={error} />
        ) : (
          <StatusPanel tone="busy" title={t('loading')} />
        )}
      </Shell>
    );

  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await fn();
    } catch (e) {
      setProblem(asApiError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Shell title={title}>
      {view.phase === 'issued' ? (
        <StatusPanel
          tone="ok"
          title={t('status.issued.title')}
          actions={
            <>
              <button
                type="button"
                className="b-btn b-primary"
                disabled={busy}
                onClick={() => run(() => openPdf(view.id, lang))}
              >
                {t('status.pdf')}
              </button>
              <BackToList />
            </>
          }
        >
          <p className="b-mono">{t('status.issued.text', { number: view.number ?? '' })}</p>
        </StatusPanel>
      ) : (
        <StatusPanel
          tone="error"
          title={t('status.failed.title')}
          actions={
            <>
              {view.canRetry && (
                <button
                  type="button"
                  className="b-btn b-primary"
                  disabled={busy}
                  onClick={() =>
                    run(async () => {
                      const v = await retry(view.id, lang);
                      go(appHref(pageFor(v), v.id));
                    })
                  }
                >
                  {t('status.retry')}
                </button>
              )}
              <BackToList />
            </>
          }
        >
          <p>{t('status.failed.text', { reason: view.failureReason ?? '' })}</p>
          {!view.canRetry && <p className="b-note">{t('status.failed.noRetry')}</p>}
        </StatusPanel>
      )}
      {problem && (
        <p className="b-banner b-banner-bad" role="alert">
          {problem.message}
        </p>
      )}
      <Application v={view} />
      {view.phase === 'issued' || (
        <PageLink
          href={appHref('/invoicingProcessing', view.id)}
          onGo={() => go(appHref('/invoicingProcessing', view.id))}
        >
          {t('status.view')}
        </PageLink>
      )}
    </Shell>
  );
}

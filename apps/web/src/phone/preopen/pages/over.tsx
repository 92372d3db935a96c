import { PageLink, Shell, StatusPanel } from '../../kit/layout.tsx';
import { go } from '../../kit/nav.ts';
import { appHref } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { useApplication } from '../use-app.ts';
import { Application, BackToList, NoApplication, NotBound, PreopenRefused, shanghaiTime } from '../views.tsx';

/**
 * /preopeningOver?id=: the application was already handled — by someone else, or its code is used up: who
 * decided and when (people of the reviewer's own company only; other companies' codes never get here).
 */
export function OverPage({ id }: { id: number | null }) {
  const { t } = useI18n();
  const { view, error, bound, missing } = useApplication({ id });
  const title = error ? t('title.app') : t('title.over');
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
  const d = view.decision;
  const by = d ? (d.mine ? t('over.you') : (d.by ?? t('over.someone'))) : '';
  const text =
    view.phase === 'pending'
      ? null
      : d
        ? t(`over.text.${d.kind}`, { by, at: shanghaiTime(d.at), reason: d.reason ?? '' })
        : t('over.text.closed', { status: view.statusLabel });
  const approved = d?.kind === 'approved';
  return (
    <Shell title={title}>
      <StatusPanel
        tone={approved ? 'ok' : 'warn'}
        title={title}
        actions={
          <>
            {view.phase === 'pending' && (
              <PageLink
                href={appHref('/codeScanningInvoicing', view.id)}
                onGo={() => go(appHref('/codeScanningInvoicing', view.id))}
                className="b-btn b-primary"
              >
                {t('title.scan')}
              </PageLink>
            )}
            {approved && (
              <PageLink
                href={appHref('/invoicingStatus', view.id)}
                onGo={() => go(appHref('/invoicingStatus', view.id))}
                className="b-btn b-primary"
              >
                {t('over.result')}
              </PageLink>
            )}
            <BackToList />
          </>
        }
      >
        {text && <p>{text}</p>}
      </StatusPanel>
      <Application v={view} />
    </Shell>
  );
}

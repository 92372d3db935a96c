import { useEffect, useState } from 'react';
import { Shell, StatusPanel } from '../../kit/layout.tsx';
import { go } from '../../kit/nav.ts';
import { appHref, pageFor } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { useApplication } from '../use-app.ts';
import { Application, BackToList, NoApplication, NotBound, PreopenRefused } from '../views.tsx';

const POLL_MS = 1500;
/** After this many polls (≈ 45 s) the page says it takes long, and keeps polling more slowly. */
const PATIENT_POLLS = 30;

/** /invoicingProcessing?id=: the approved application while it is issued; polls, then shows the result page. */
export function ProcessingPage({ id }: { id: number | null }) {
  const { t } = useI18n();
  const { view, error, reload, bound, missing } = useApplication({ id });
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (!bound || !id) return;
    let live = true;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const v = await reload();
      if (!live || !v) return;
      if (v.phase !== 'processing') return go(appHref(pageFor(v), v.id), true);
      polls += 1;
      if (polls >= PATIENT_POLLS) setSlow(true);
      timer = setTimeout(poll, polls >= PATIENT_POLLS ? POLL_MS * 4 : POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [bound, id, reload]);

  const title = error ? t('title.app') : t('title.processing');
  return (
    <Shell title={title}>
      {!bound ? (
        <NotBound />
      ) : missing ? (
        <NoApplication />
      ) : error ? (
        <PreopenRefused error={error} />
      ) : (
        <>
          <StatusPanel tone="busy" title={title} actions={<BackToList />}>
            <p>{t('processing.text')}</p>
            {slow && <p className="b-note">{t('processing.slow')}</p>}
          </StatusPanel>
          {view && <Application v={view} />}
        </>
      )}
    </Shell>
  );
}

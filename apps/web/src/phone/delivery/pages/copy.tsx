import { useId, useRef, useState } from 'react';
import { fileHref, shortUrl } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { PageLink, Shell, StatusPanel } from '../../kit/layout.tsx';
import { LinkRefused } from '../link-refused.tsx';
import { navigate, pageHref } from '../nav.ts';
import { useLink } from '../use-link.ts';

/**
 * /allEleCopyDownload: the short link to paste into a chat or an expense system (many in-app browsers cannot
 * save files; copying the link and opening it in the phone's browser can), and the downloads themselves.
 */
export function CopyPage({ code, n }: { code: string; n: number }) {
  const { t } = useI18n();
  const id = useId();
  const state = useLink(code, false);
  const input = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState('');
  const url = shortUrl(code);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setNote(t('copy.copied'));
    } catch {
      // Older in-app browsers: select the text so a long press copies it.
      input.current?.select();
      setNote(t('copy.failed'));
    }
  };

  return (
    <Shell title={t('copy.title')}>
      {state.kind === 'loading' && <StatusPanel tone="busy" title={t('loading')} />}
      {state.kind === 'refused' && <LinkRefused code={code} error={state.error} />}
      {state.kind === 'ok' &&
        (() => {
          const inv = state.link.invoices.find((i) => i.n === n) ?? state.link.invoices[0];
          return (
            <>
              <section className="b-card b-form">
                <label htmlFor={`${id}-url`}>{t('copy.linkLabel')}</label>
                <input id={`${id}-url`} ref={input} className="b-input b-mono" readOnly value={url} />
                <button type="button" className="b-btn b-primary b-wide" onClick={copy}>
                  {t('copy.copy')}
                </button>
                <p className="b-small" role="status" aria-live="polite">
                  {note}
                </p>
              </section>
              {inv.downloadable && (
                <nav className="b-card b-actions-grid" aria-label={t('copy.title')}>
                  <a className="b-btn" href={fileHref(code, 'pdf', inv.n)} download>
                    {t('downloadPdf')}
                  </a>
                  <a className="b-btn" href={fileHref(code, 'xml', inv.n)} download>
                    {t('downloadXml')}
                  </a>
                  <a className="b-btn" href={fileHref(code, 'ofd', inv.n)} download>
                    {t('downloadOfd')}
                  </a>
                </nav>
              )}
              <PageLink
                className="b-link"
                href={pageHref('/smsDetail', code, inv.n)}
                onGo={() => navigate('/smsDetail', code, inv.n)}
              >
                {t('back')}
              </PageLink>
            </>
          );
        })()}
    </Shell>
  );
}

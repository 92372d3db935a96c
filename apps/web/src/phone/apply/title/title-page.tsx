import { APPLY_PAGE_PATHS } from '@fpy/contracts/apply-pages';
import type { ReactNode } from 'react';
import { Shell, StatusPanel } from '../../kit/layout.tsx';
import { Refused } from '../../kit/refused.tsx';
import type { ApplyPageProps } from '../routes.ts';
import type { TitleForm } from './api.ts';
import { useTitleTexts } from './i18n.ts';
import type { TitleKey } from './locales/zh.ts';
import { useTitleForm } from './use-title-form.ts';

/**
 * The frame of every title page: the code of the address is resolved to the seller's title form first; without a
 * code the page says what to scan, an unusable code gets the server's one wording, a seller who paused
 * scan-to-invoice says so. Only then the page's own content.
 */
export function TitlePage({
  props,
  title,
  children,
}: {
  props: ApplyPageProps;
  title: TitleKey;
  children: (form: TitleForm) => ReactNode;
}) {
  const { t, lang } = useTitleTexts();
  const state = useTitleForm(props.code, lang);
  return (
    <Shell title={t(title)}>
      {state.kind === 'nocode' && (
        <StatusPanel tone="warn" title={t('title.nocode.title')}>
          <p>{t('title.nocode.text')}</p>
        </StatusPanel>
      )}
      {state.kind === 'loading' && <StatusPanel tone="busy" title={t('loading')} />}
      {state.kind === 'refused' &&
        (state.error.code === 'TITLE_CODE_UNKNOWN' ? (
          <StatusPanel tone="warn" title={t('title.unknown.title')}>
            <p>{state.error.message}</p>
          </StatusPanel>
        ) : (
          <Refused error={state.error} />
        ))}
      {state.kind === 'ok' && !state.form.enabled && (
        <StatusPanel tone="warn" title={t('title.paused.title')}>
          <p>{t('title.paused.text')}</p>
          {state.form.contactPhone && <p>{t('title.hotline', { phone: state.form.contactPhone })}</p>}
        </StatusPanel>
      )}
      {state.kind === 'ok' && state.form.enabled && (
        <>
          <p className="b-small" data-testid="title-seller">
            {t('title.seller', { name: state.form.sellerName })}
          </p>
          {children(state.form)}
        </>
      )}
    </Shell>
  );
}

/** Where "use this title" returns to: an apply page named in `?back=` (only the entry's own pages). */
export function backOf(query: URLSearchParams): string | null {
  const back = query.get('back');
  return back && APPLY_PAGE_PATHS.includes(back) ? back : null;
}

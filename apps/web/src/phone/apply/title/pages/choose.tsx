import { useState } from 'react';
import { PageLink } from '../../../kit/layout.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { applyHref, goApply } from '../../variant.ts';
import { useTitleTexts } from '../i18n.ts';
import { forgetTitle, rememberedTitles, rememberTitle } from '../memory.ts';
import { backOf, TitlePage } from '../title-page.tsx';

/**
 * /chooseTitle: the titles kept on this phone for one-tap reuse. "Use" puts the title first (the order's or the
 * board's picker then starts with it) and returns to `?back=`; "edit" and "new" open /titleDetail.
 */
export default function ChoosePage(props: ApplyPageProps) {
  return (
    <TitlePage props={props} title="title.choose">
      {() => <ChooseList props={props} />}
    </TitlePage>
  );
}

function ChooseList({ props }: { props: ApplyPageProps }) {
  const { t } = useTitleTexts();
  const [list, setList] = useState(rememberedTitles);
  const back = backOf(props.query);
  const detail = (extra: Record<string, string> = {}) =>
    applyHref('/titleDetail', props.variant, props.code, back ? { back, ...extra } : extra);
  return (
    <section className="b-card" data-testid="title-choose">
      {list.length === 0 && <p className="b-small">{t('choose.empty')}</p>}
      <ul className="b-list">
        {list.map((ti) => (
          <li key={`${ti.kind}|${ti.name}|${ti.taxNumber ?? ''}`} className="b-row">
            <div className="b-row-main">
              <strong>{ti.name}</strong>
              {ti.taxNumber && <div className="b-mono b-small">{ti.taxNumber}</div>}
            </div>
            <div className="b-row-actions">
              <button
                type="button"
                className="b-small-btn b-primary"
                onClick={() => {
                  rememberTitle(ti);
                  if (back) goApply(back, props.variant, props.code);
                  else goApply('/titleDetail', props.variant, props.code);
                }}
              >
                {t('choose.use')}
              </button>
              <button
                type="button"
                className="b-small-btn"
                onClick={() => {
                  forgetTitle(ti);
                  setList(rememberedTitles());
                }}
              >
                {t('picker.forget')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <PageLink
        href={detail()}
        onGo={() => goApply('/titleDetail', props.variant, props.code, back ? { back } : {})}
        className="b-btn b-wide"
      >
        {t('form.newTitle')}
      </PageLink>
    </section>
  );
}

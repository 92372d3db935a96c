import { useState } from 'react';
import { PageLink } from '../../../kit/layout.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { applyHref, goApply } from '../../variant.ts';
import { useTitleTexts } from '../i18n.ts';
import { rememberedTitles } from '../memory.ts';
import { TitlePage } from '../title-page.tsx';

/**
 * /billsCollectionTitle: the buyer's title shown large for the cashier who collects it (票据收集): name, tax
 * number, address and bank as saved on this phone, each with a copy button; change it on /chooseTitle.
 */
export default function CardPage(props: ApplyPageProps) {
  return (
    <TitlePage props={props} title="title.card">
      {() => <TitleCard props={props} />}
    </TitlePage>
  );
}

function TitleCard({ props }: { props: ApplyPageProps }) {
  const { t } = useTitleTexts();
  const [title] = useState(() => rememberedTitles()[0] ?? null);
  const [copied, setCopied] = useState<string | null>(null);
  const self = props.path;
  const choose = () => goApply('/chooseTitle', props.variant, props.code, { back: self });
  if (!title)
    return (
      <section className="b-card">
        <p>{t('card.empty')}</p>
        <PageLink
          href={applyHref('/titleDetail', props.variant, props.code, { back: self })}
          onGo={() => goApply('/titleDetail', props.variant, props.code, { back: self })}
          className="b-btn b-primary b-wide"
        >
          {t('form.newTitle')}
        </PageLink>
      </section>
    );
  const rows: [string, string | undefined][] = [
    [t('picker.name'), title.name],
    [t('picker.taxNumber'), title.taxNumber],
    [t('picker.address'), [title.address, title.phone].filter(Boolean).join(' ') || undefined],
    [t('picker.bank'), [title.bank, title.account].filter(Boolean).join(' ') || undefined],
  ];
  const copy = (v: string) => {
    navigator.clipboard?.writeText(v).then(
      () => setCopied(v),
      () => {},
    );
  };
  return (
    <section className="b-card t-card" data-testid="title-card">
      <p className="b-small">{t('card.hint')}</p>
      <dl>
        {rows.map(([label, v]) =>
          v ? (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                <span className={label === t('picker.taxNumber') ? 'b-mono' : undefined}>{v}</span>
                <button type="button" className="b-small-btn" onClick={() => copy(v)}>
                  {copied === v ? t('card.copied') : t('card.copy')}
                </button>
              </dd>
            </div>
          ) : null,
        )}
      </dl>
      <PageLink
        href={applyHref('/chooseTitle', props.variant, props.code, { back: self })}
        onGo={choose}
        className="b-btn b-wide"
      >
        {t('title.choose')}
      </PageLink>
    </section>
  );
}

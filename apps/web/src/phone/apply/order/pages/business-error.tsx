import { PageLink, Shell, StatusPanel } from '../../../kit/layout.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { applyHref, brandKey, goApply } from '../../variant.ts';
import { useOrderTexts } from '../i18n.ts';

/**
 * /allEleBusinessError: where a full-electric flow lands when the seller's side cannot go on (the seller's
 * invoicing is not set up, a platform refused). Says what happened in general terms and what the buyer can do:
 * go back to the order when the address carries its code, else ask the seller.
 */
export default function BusinessErrorPage({ variant, code }: ApplyPageProps) {
  const { t } = useOrderTexts();
  return (
    <Shell title={t(brandKey(variant))}>
      <StatusPanel
        tone="warn"
        title={t('error.title')}
        actions={
          code ? (
            <PageLink
              className="b-btn b-primary"
              href={applyHref('/webIndex', variant, code)}
              onGo={() => goApply('/webIndex', variant, code)}
            >
              {t('result.back')}
            </PageLink>
          ) : undefined
        }
      >
        <p>{t('error.text')}</p>
      </StatusPanel>
    </Shell>
  );
}

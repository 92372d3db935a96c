import { yuan } from '../../../kit/format.ts';
import { PageLink, Shell, StatusPanel } from '../../../kit/layout.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { applyHref, goApply } from '../../variant.ts';
import { flowOf } from '../api.ts';
import { BoardRefused, NoCode } from '../board-refused.tsx';
import { useBoardTexts } from '../i18n.ts';
import { useBoard } from '../use-board.ts';

/**
 * /enterpriseCodePlate, /allEleCodeBoardPlat, /codeBoardBinding: what the board's QR code opens — the seller,
 * the board, the cap, the categories it invoices and whether the seller reviews; one tap to the form.
 */
export default function PlatePage({ path, code, variant }: ApplyPageProps) {
  const { t, lang } = useBoardTexts();
  const state = useBoard(code, lang);
  return (
    <Shell title={t('board.title')}>
      {state.kind === 'nocode' && <NoCode />}
      {state.kind === 'loading' && <StatusPanel tone="busy" title={t('loading')} />}
      {state.kind === 'refused' && <BoardRefused error={state.error} />}
      {state.kind === 'ok' &&
        (() => {
          const b = state.board;
          const next = flowOf(path, b).form;
          return (
            <>
              <section className="b-card b-summary" data-testid="board-card">
                <span className="b-small">{t('board.seller')}</span>
                <strong>{b.sellerName}</strong>
                <span>{b.businessLine ? `${b.name} · ${b.businessLine}` : b.name}</span>
                <span>
                  <span className="b-tag b-tag-ok">
                    {b.invoiceKind === 'allEle' ? t('board.kind.allEle') : t('board.kind.normal')}
                  </span>
                </span>
              </section>
              <section className="b-card">
                <p style={{ marginTop: 0 }}>
                  <strong>{t('board.cap', { cap: yuan(b.capFen) })}</strong>
                </p>
                <p className="b-small">{b.autoApprove ? t('board.auto') : t('board.manual')}</p>
                <h3 className="b-section-title" style={{ margin: '12px 0 4px' }}>
                  {t('board.categories')}
                </h3>
                <ul className="b-list">
                  {b.categories.map((c) => (
                    <li key={c.id} className="b-row">
                      {c.name}
                    </li>
                  ))}
                </ul>
              </section>
              <PageLink
                className="b-btn b-primary b-wide"
                href={applyHref(next, variant, code)}
                onGo={() => goApply(next, variant, code)}
              >
                {t('board.apply')}
              </PageLink>
            </>
          );
        })()}
    </Shell>
  );
}

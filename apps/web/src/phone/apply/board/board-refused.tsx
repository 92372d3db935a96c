import type { LightApiError } from '../../kit/http.ts';
import { StatusPanel } from '../../kit/layout.tsx';
import { Refused } from '../../kit/refused.tsx';
import { useBoardTexts } from './i18n.ts';

/**
 * No code in the address: what to scan. An unknown, disabled, switched-off or another company's board: the
 * server's one wording of what to do (CODE_BOARD_UNAVAILABLE), nothing about the board. The rest: the kit's.
 */
export function NoCode() {
  const { t } = useBoardTexts();
  return (
    <StatusPanel tone="warn" title={t('board.nocode.title')}>
      <p>{t('board.nocode.text')}</p>
    </StatusPanel>
  );
}

export function BoardRefused({ error }: { error: LightApiError }) {
  const { t } = useBoardTexts();
  if (error.code === 'CODE_BOARD_UNAVAILABLE')
    return (
      <StatusPanel tone="warn" title={t('board.unavailable.title')}>
        <p>{error.message}</p>
      </StatusPanel>
    );
  return <Refused error={error} />;
}

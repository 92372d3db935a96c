import { Shell, StatusPanel } from '../../../kit/layout.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { brandKey } from '../../variant.ts';
import { useOrderTexts } from '../i18n.ts';

/** /webIndex (and its Test / Bwt variants): the page a receipt's QR code opens. */
export default function ScanPage({ variant }: ApplyPageProps) {
  const { t } = useOrderTexts();
  return (
    <Shell title={t(brandKey(variant))}>
      <StatusPanel tone="warn" title={t('nocode.title')}>
        <p>{t('nocode.text')}</p>
      </StatusPanel>
    </Shell>
  );
}

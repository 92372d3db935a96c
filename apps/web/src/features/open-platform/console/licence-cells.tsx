import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CellOverride } from '../../../crud/resource-table.tsx';

const COLORS: Record<string, string> = { active: 'green', expired: 'orange', revoked: 'default' };

function LicenceState({ resource, value }: { resource: string; value: string }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[value]}>{t(`resource.${resource}.options.state.${value}`)}</Tag>;
}

/** A licence's state as a coloured tag (active green, expired orange, revoked grey). */
export const licenceCells = (resource: string): Record<string, CellOverride> => ({
  state: (v) => <LicenceState resource={resource} value={String(v)} />,
});

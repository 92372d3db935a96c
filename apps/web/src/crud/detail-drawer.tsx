import type { ResourceMeta } from '@fpy/resources';
import { Descriptions, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { CellValue } from './cell.tsx';
import type { ResourceRow } from './query-keys.ts';

/** Every declared field of one row, including those too long or rare for a column (user agent, message body). */
export function DetailDrawer({
  meta,
  row,
  onClose,
}: {
  meta: ResourceMeta;
  row: ResourceRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={!!row}
      title={t('crud.viewTitle', { title: t(`resource.${meta.name}.title`) })}
      size={560}
      onClose={onClose}
      mask={{ closable: false }}
      keyboard={false}
    >
      {row && (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={Object.entries(meta.fields).map(([key, def]) => ({
            key,
            label: t(`resource.${meta.name}.fields.${key}`),
            children: (
              <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                <CellValue resource={meta.name} field={key} def={def} value={row[key]} full />
              </span>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}

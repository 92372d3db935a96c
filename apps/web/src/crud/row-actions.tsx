import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../lib/permission.tsx';

interface RowActionsProps {
  /** Permission code and handler of the edit link; `label` replaces 编辑 (e.g. 修改). */
  edit: { code: string; onClick: () => void; label?: string };
  /** Permission code of the delete link, the confirm question and the delete itself. */
  remove: { code: string; confirm: string; onConfirm: () => unknown };
}

/** The actions column of a hand-built list: 编辑 and a confirmed 删除, each shown only with its button code. */
export function RowActions({ edit, remove }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Can code={edit.code}>
        <Button type="link" size="small" onClick={edit.onClick}>
          {edit.label ?? t('crud.edit')}
        </Button>
      </Can>
      <Can code={remove.code}>
        <Popconfirm title={remove.confirm} onConfirm={remove.onConfirm}>
          <Button type="link" size="small" danger>
            {t('crud.delete')}
          </Button>
        </Popconfirm>
      </Can>
    </Space>
  );
}

interface DeleteSelectedProps {
  code: string;
  /** The ids ticked in the table; the button is disabled while there are none. */
  selected: readonly unknown[];
  confirm: string;
  onConfirm: () => unknown;
}

/** The toolbar's batch delete: confirmed, disabled with nothing selected, shown only with its button code. */
export function DeleteSelectedButton({ code, selected, confirm, onConfirm }: DeleteSelectedProps) {
  const { t } = useTranslation();
  return (
    <Can code={code}>
      <Popconfirm title={confirm} disabled={!selected.length} onConfirm={onConfirm}>
        <Button danger disabled={!selected.length}>
          {t('crud.deleteSelected')}
        </Button>
      </Popconfirm>
    </Can>
  );
}

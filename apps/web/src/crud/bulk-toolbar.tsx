import { Button, Popconfirm, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../lib/permission.tsx';

/** One verb on the ticked rows: its button code, its words, and what it does with the keys. */
export interface BulkAction<K> {
  key: string;
  label: string;
  /** The button code (`<menuCode>:btn_<action>`); holders only see the button. */
  code: string;
  danger?: boolean;
  /** The question asked before running (a destructive verb); none runs at once (e.g. opens a dialog). */
  confirm?: string;
  run: (keys: K[]) => unknown;
}

interface BulkToolbarProps<K> {
  selected: K[];
  onClear: () => void;
  actions: BulkAction<K>[];
  /** Buttons that do not need a selection (export of the filtered list), after the verbs. */
  children?: ReactNode;
}

/**
 * The list's bulk-action bar (ant-design-pro's FooterToolbar, kept in the page flow): the count of ticked rows,
 * a way to clear them, and one button per verb the caller holds, disabled with nothing ticked. Used by
 * ResourcePage for declared bulk verbs and by hand-built lists with verbs of their own.
 */
export function BulkToolbar<K>({ selected, onClear, actions, children }: BulkToolbarProps<K>) {
  const { t } = useTranslation();
  const none = !selected.length;
  return (
    <Space style={{ marginBottom: 12 }} wrap data-testid="bulk-toolbar">
      {!none && (
        <Typography.Text type="secondary">
          {t('crud.bulk.selected', { n: selected.length })}{' '}
          <Typography.Link onClick={onClear}>{t('crud.bulk.clear')}</Typography.Link>
        </Typography.Text>
      )}
      {actions.map((a) => (
        <Can key={a.key} code={a.code}>
          {a.confirm ? (
            <Popconfirm title={a.confirm} disabled={none} onConfirm={() => a.run(selected)}>
              <Button danger={a.danger} disabled={none}>
                {a.label}
              </Button>
            </Popconfirm>
          ) : (
            <Button danger={a.danger} disabled={none} onClick={() => a.run(selected)}>
              {a.label}
            </Button>
          )}
        </Can>
      ))}
      {children}
    </Space>
  );
}

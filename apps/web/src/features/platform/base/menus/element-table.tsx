import { deleteElement, type ElementRow, type MenuRow } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { Can } from '../../../../lib/permission.tsx';
import { elementsQuery, refreshMenus } from '../base-api.ts';
import { type ElementDialogState, ElementDialog } from './element-dialog.tsx';

/** The buttons (element codes) of one menu, spec §6. */
export function ElementTable({ menu }: { menu: MenuRow }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const qc = useQueryClient();
  const { data = [], isFetching } = useQuery(elementsQuery(menu.id));
  const [dialog, setDialog] = useState<ElementDialogState>({ open: false, element: null });

  const remove = async (e: ElementRow) => {
    try {
      await call(deleteElement, { params: { id: e.id } });
      toast.success(t('base.common.deleted'));
      await refreshMenus(qc);
    } catch {
      // Shown by the shared client.
    }
  };

  const columns: TableColumnsType<ElementRow> = [
    { title: t('base.element.code'), dataIndex: 'code' },
    {
      title: t(lang === 'en' ? 'base.element.nameEn' : 'base.element.nameZh'),
      dataIndex: lang === 'en' ? 'nameEn' : 'nameZh',
    },
    { title: t('base.element.sortOrder'), dataIndex: 'sortOrder', width: 80 },
    {
      title: t('base.common.actions'),
      key: 'actions',
      width: 150,
      render: (_, e) => (
        <Can code="menuManager:btn_element">
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setDialog({ open: true, element: e })}>
              {t('base.common.edit')}
            </Button>
            <Popconfirm title={t('base.element.confirmDelete', { name: e.code })} onConfirm={() => remove(e)}>
              <Button type="link" size="small" danger>
                {t('base.common.delete')}
              </Button>
            </Popconfirm>
          </Space>
        </Can>
      ),
    },
  ];

  return (
    <Card
      title={t('base.element.title')}
      size="small"
      extra={
        <Can code="menuManager:btn_element">
          <Button type="primary" size="small" onClick={() => setDialog({ open: true, element: null })}>
            {t('base.element.add')}
          </Button>
        </Can>
      }
    >
      <Table<ElementRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        columns={columns}
        dataSource={data}
        pagination={false}
        locale={{ emptyText: t('base.element.empty') }}
      />
      <ElementDialog menu={menu} state={dialog} onClose={() => setDialog({ open: false, element: null })} />
    </Card>
  );
}

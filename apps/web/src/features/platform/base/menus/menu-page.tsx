import { type AdminMenuNode, deleteMenu, type MenuRow } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Input, Popconfirm, Row, Space, Spin, Tag, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { localizedTitle, useLanguage } from '../../../../lib/i18n.ts';
import { Can } from '../../../../lib/permission.tsx';
import { menuTreeQuery, refreshMenus } from '../base-api.ts';
import { ElementTable } from './element-table.tsx';
import { IconPreview } from './icon-field.tsx';
import { MenuForm, type MenuFormMode } from './menu-form.tsx';

interface TreeRow {
  key: number;
  node: AdminMenuNode;
  children: TreeRow[];
}
const toRows = (nodes: AdminMenuNode[]): TreeRow[] =>
  nodes.map((n) => ({ key: n.id, node: n, children: toRows(n.children) }));

function findMenu(nodes: AdminMenuNode[], id: number): AdminMenuNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findMenu(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/** Spec §2.12 /baseManager/menuManager: the menu tree on the left, the menu and its buttons on the right. */
export default function MenuPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const qc = useQueryClient();
  const [filter, setFilter] = useState('');
  const { data: tree = [], isFetching } = useQuery(menuTreeQuery(filter));
  // The unfiltered tree feeds the parent picker, whatever the search box holds.
  const { data: fullTree = [] } = useQuery(menuTreeQuery(''));
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<'view' | 'edit' | { parentId: number | null }>('view');
  const selected = useMemo(
    () => (selectedId ? findMenu(fullTree, selectedId) : undefined),
    [fullTree, selectedId],
  );

  const mode: MenuFormMode | null =
    typeof editing === 'object'
      ? { kind: 'add', parentId: editing.parentId }
      : selected
        ? { kind: editing, menu: selected }
        : null;

  const remove = async (m: MenuRow) => {
    try {
      await call(deleteMenu, { params: { id: m.id } });
      toast.success(t('base.common.deleted'));
      setSelectedId(null);
      setEditing('view');
      await refreshMenus(qc);
    } catch {
      // Shown by the shared client (still has children).
    }
  };

  const title = (row: TreeRow) => (
    <Space size={6}>
      <IconPreview icon={row.node.icon} />
      <span>{localizedTitle({ title: row.node.titleZh, titleEn: row.node.titleEn }, lang)}</span>
      <span style={{ color: '#999' }}>{row.node.code}</span>
      {row.node.scope === 'platform' && <Tag color="purple">{t('base.menu.scopePlatform')}</Tag>}
      {row.node.hidden && <Tag>{t('base.menu.hidden')}</Tag>}
    </Space>
  );

  const detailActions = selected && typeof editing !== 'object' && (
    <Space>
      <Can code="menuManager:btn_add">
        <Button size="small" onClick={() => setEditing({ parentId: selected.id })}>
          {t('base.menu.addChild')}
        </Button>
      </Can>
      <Can code="menuManager:btn_edit">
        <Button size="small" disabled={editing === 'edit'} onClick={() => setEditing('edit')}>
          {t('base.common.edit')}
        </Button>
      </Can>
      <Can code="menuManager:btn_del">
        <Popconfirm
          title={t('base.menu.confirmDelete', { name: selected.titleZh })}
          onConfirm={() => remove(selected)}
        >
          <Button size="small" danger>
            {t('base.common.delete')}
          </Button>
        </Popconfirm>
      </Can>
    </Space>
  );

  return (
    <Row gutter={16}>
      <Col xs={24} lg={9}>
        <Card
          title={t('base.menu.treeTitle')}
          extra={
            <Can code="menuManager:btn_add">
              <Button type="primary" size="small" onClick={() => setEditing({ parentId: null })}>
                {t('base.menu.addRoot')}
              </Button>
            </Can>
          }
        >
          <Input.Search
            allowClear
            placeholder={t('base.menu.filter')}
            maxLength={64}
            onSearch={(v) => setFilter(v.trim())}
            style={{ marginBottom: 12 }}
          />
          <Spin spinning={isFetching}>
            {tree.length ? (
              <Tree<TreeRow>
                blockNode
                defaultExpandAll
                key={`${filter}:${tree.length}`}
                treeData={toRows(tree)}
                titleRender={title}
                selectedKeys={selectedId ? [selectedId] : []}
                onSelect={(keys) => {
                  setSelectedId(keys.length ? Number(keys[0]) : null);
                  setEditing('view');
                }}
              />
            ) : (
              !isFetching && <Empty description={t('base.menu.empty')} />
            )}
          </Spin>
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card
            title={
              typeof editing === 'object'
                ? t('base.menu.addTitle')
                : editing === 'edit'
                  ? t('base.menu.editTitle')
                  : t('base.menu.detail')
            }
            extra={detailActions}
          >
            {mode ? (
              <MenuForm
                key={
                  mode.kind === 'add' ? `add:${mode.parentId}` : `${mode.kind}:${JSON.stringify(mode.menu)}`
                }
                mode={mode}
                tree={fullTree}
                onSaved={(m) => {
                  setSelectedId(m.id);
                  setEditing('view');
                }}
                onCancel={() => setEditing('view')}
              />
            ) : (
              <Empty description={t('base.menu.pickOne')} />
            )}
          </Card>
          {selected && typeof editing !== 'object' && <ElementTable menu={selected} />}
        </Space>
      </Col>
    </Row>
  );
}

import { bulkContracts, permissionOf, type ResourceMeta, resourceContracts } from '@fpy/resources';
import { elementCode } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFeedback, toast } from '../lib/feedback.ts';
import { call, download } from '../lib/http.ts';
import { Can } from '../lib/permission.tsx';
import { type BulkAction, BulkToolbar } from './bulk-toolbar.tsx';
import { DetailDrawer } from './detail-drawer.tsx';
import type { FieldOverride } from './field-override.ts';
import { type CreateOverride, FormDrawer } from './form-drawer.tsx';
import { ImportButton } from './import-button.tsx';
import { listQueryOptions, type ResourceRow, resourceKeys } from './query-keys.ts';
import { registerResourceLocale } from './register-locale.ts';
import { DeleteSelectedButton } from './row-actions.tsx';
import { type CellOverride, ResourceTable, type TableState } from './resource-table.tsx';
import { SearchForm } from './search-form.tsx';

export interface ResourcePageProps {
  meta: ResourceMeta;
  /** Filters the page fixes (e.g. the selected dictionary type): applied to the list and to new rows. */
  fixed?: Record<string, unknown>;
  cells?: Record<string, CellOverride>;
  /** Filters the API offers but the search form does not show (an id only another page links with). */
  hiddenFilters?: string[];
  /** Form fields with a special widget or extra rules (see FieldOverride). */
  fields?: Record<string, FieldOverride>;
  /** Other query key prefixes a save or delete makes stale (e.g. dictionary options). */
  invalidates?: readonly (readonly unknown[])[];
  selectedId?: number;
  onRowClick?: (row: ResourceRow) => void;
  /** Card title; the resource title by default. */
  title?: ReactNode;
  /** Shown instead of the list when the page cannot list yet (nothing selected). */
  placeholder?: ReactNode;
  /**
   * The page's own buttons (a verb beside the generic actions: 充值), shown first in the card's header; a function
   * gets the search form's current filters (a bulk verb over the filtered list, not only the page on screen).
   */
  extra?: ReactNode | ((filters: Record<string, unknown>) => ReactNode);
  /** The resource's create is the page's own verb (CreateOverride): the add button and form call it. */
  create?: CreateOverride;
}

/**
 * A whole admin page from a resource's metadata: search form, table, create/edit drawer, delete confirm,
 * import, export and detail view, each action shown only to holders of its code (spec §6).
 */
export function ResourcePage({
  meta,
  fixed,
  cells,
  fields,
  hiddenFilters = [],
  invalidates = [],
  selectedId,
  onRowClick,
  title,
  placeholder,
  extra,
  create,
}: ResourcePageProps) {
  registerResourceLocale([meta]);
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const c = resourceContracts(meta);
  const [table, setTable] = useState<TableState>({ page: 1, limit: 20, sort: undefined });
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [editing, setEditing] = useState<ResourceRow | null | undefined>(undefined);
  const [viewing, setViewing] = useState<ResourceRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const params = useMemo(
    () => ({
      ...filters,
      ...fixed,
      page: table.page,
      limit: table.limit,
      sort: table.sort ?? meta.defaultSort,
    }),
    [filters, fixed, table, meta.defaultSort],
  );
  const list = useQuery({ ...listQueryOptions(meta, params), enabled: !placeholder });
  const resourceTitle = t(`resource.${meta.name}.title`);

  const refresh = () =>
    Promise.all(
      [resourceKeys(meta.name).all, ...invalidates].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );

  const remove = async (row: ResourceRow) => {
    const f = await loadFeedback();
    f.modal.confirm({
      title: t('crud.confirmDelete', { title: resourceTitle }),
      content: t('crud.confirmDeleteHint'),
      okButtonProps: { danger: true },
      keyboard: false,
      mask: { closable: false },
      onOk: async () => {
        try {
          await call(c.delete!, { params: { id: row.id } });
        } catch {
          return; // Shown by the shared client; the dialog closes.
        }
        toast.success(t('crud.deleted'));
        await refresh();
      },
    });
  };

  const removeSelected = async () => {
    try {
      await call(c.deleteMany!, { body: { ids: selected } });
    } catch {
      return; // Shown by the shared client.
    }
    toast.success(t('crud.deleted'));
    setSelected([]);
    await refresh();
  };

  const exportFile = async () => {
    setExporting(true);
    try {
      const { page: _p, limit: _l, ...query } = params;
      await download(c.export!, { query });
    } catch {
      // Shown by the shared client.
    } finally {
      setExporting(false);
    }
  };

  // Declared bulk verbs (ResourceMeta.bulk): one button each in the toolbar above the table.
  const bulk = bulkContracts(meta);
  const bulkActions: BulkAction<number>[] = (meta.bulk ?? []).map((v) => {
    const label = t(`resource.${meta.name}.bulk.${v.name}`);
    return {
      key: v.name,
      label,
      code: elementCode(meta.menuCode, v.element),
      danger: v.danger,
      confirm: v.confirm ? t('crud.bulk.confirm', { n: selected.length, verb: label }) : undefined,
      run: async (ids) => {
        try {
          const r = (await call(bulk[v.name], { body: { ids } })) as { updated: number };
          toast.success(t('crud.bulk.done', { n: r.updated, verb: label }));
        } catch {
          return; // Shown by the shared client; the selection stays.
        }
        setSelected([]);
        await refresh();
      },
    };
  });

  const canWrite = c.update || c.delete;
  const actions = (row: ResourceRow) => (
    <Space size={4} onClick={(e) => e.stopPropagation()}>
      {c.update && (
        <Can code={permissionOf(meta, 'update')}>
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            {t('crud.edit')}
          </Button>
        </Can>
      )}
      {c.delete && (
        <Can code={permissionOf(meta, 'delete')}>
          <Button type="link" size="small" danger onClick={() => void remove(row)}>
            {t('crud.delete')}
          </Button>
        </Can>
      )}
      {!canWrite && (
        <Button type="link" size="small" onClick={() => setViewing(row)}>
          {t('crud.view')}
        </Button>
      )}
    </Space>
  );

  return (
    <Card
      title={title ?? resourceTitle}
      extra={
        <Space>
          {!placeholder && (typeof extra === 'function' ? extra(filters) : extra)}
          {(c.create || create) && !placeholder && (
            <Can code={create?.code ?? permissionOf(meta, 'create')}>
              <Button type="primary" onClick={() => setEditing(null)}>
                {t('crud.add')}
              </Button>
            </Can>
          )}
          {c.deleteMany && !placeholder && (
            <DeleteSelectedButton
              code={permissionOf(meta, 'deleteMany')}
              selected={selected}
              confirm={t('crud.confirmDeleteMany', { n: selected.length })}
              onConfirm={() => void removeSelected()}
            />
          )}
          {!placeholder && <ImportButton meta={meta} invalidates={invalidates} />}
          {c.export && !placeholder && (
            <Can code={permissionOf(meta, 'export')}>
              <Button loading={exporting} onClick={() => void exportFile()}>
                {t('crud.export')}
              </Button>
            </Can>
          )}
        </Space>
      }
    >
      {placeholder ?? (
        <>
          <SearchForm
            meta={meta}
            hidden={[...Object.keys(fixed ?? {}), ...hiddenFilters]}
            onSearch={(next) => {
              setFilters(next);
              setTable((s) => ({ ...s, page: 1 }));
            }}
          />
          {bulkActions.length > 0 && (
            <BulkToolbar selected={selected} onClear={() => setSelected([])} actions={bulkActions} />
          )}
          <ResourceTable
            meta={meta}
            data={list.data}
            loading={list.isFetching}
            state={table}
            onChange={setTable}
            cells={cells}
            actions={actions}
            selectedId={selectedId}
            onRowClick={onRowClick}
            selection={
              c.deleteMany || bulkActions.length ? { keys: selected, onChange: setSelected } : undefined
            }
          />
        </>
      )}
      {(c.create || c.update || create) && (
        <FormDrawer
          create={create}
          meta={meta}
          open={editing !== undefined}
          row={editing ?? null}
          fixed={fixed}
          overrides={fields}
          invalidates={invalidates}
          onClose={() => setEditing(undefined)}
        />
      )}
      <DetailDrawer meta={meta} row={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}

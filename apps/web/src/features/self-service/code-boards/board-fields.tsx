import { downloadCodeBoardPoster, listCommodities } from '@fpy/contracts';
import type { ResourceMeta } from '@fpy/resources';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Switch, Typography } from 'antd';
import { toast } from '../../../lib/feedback.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldControlProps, FieldOverride } from '../../../crud/field-override.ts';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import type { CellOverride } from '../../../crud/resource-table.tsx';
import { call, download } from '../../../lib/http.ts';
import { useCan } from '../../../lib/permission.tsx';

/** The allowed categories: the company's goods, searched as the user types; the value is "12,15". */
function CategoriesPicker({ id, value, onChange, row }: FieldControlProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const goods = useQuery({
    queryKey: ['goods', 'list', { keyword: search, limit: 20, picker: 'boards' }],
    queryFn: () =>
      call(listCommodities, { query: { keyword: search || undefined, limit: 20 }, silent: true }),
  });
  const ids = typeof value === 'string' && value ? value.split(',').map(Number) : [];
  const options = (goods.data?.rows ?? []).map((c) => ({ value: c.id, label: c.printName }));
  // The board being edited shows its categories even when the first page of goods does not hold them
  // (ids and names come in the same ascending order).
  const savedIds = typeof row?.categoryIds === 'string' ? row.categoryIds.split(',').map(Number) : [];
  const savedNames = typeof row?.categoryNames === 'string' ? row.categoryNames.split('、') : [];
  savedIds.forEach((sid, i) => {
    if (!options.some((o) => o.value === sid))
      options.push({ value: sid, label: savedNames[i] ?? `#${sid}` });
  });
  return (
    <Select
      id={id}
      mode="multiple"
      value={ids}
      onChange={(v: number[]) => onChange?.(v.length ? v.join(',') : undefined)}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={goods.isFetching}
      options={options}
      placeholder={t('codeBoards.categoriesHint')}
    />
  );
}

/** A new board is on: the switch shows the server's default until the user turns it. */
function EnabledSwitch({ id, checked, onChange }: FieldControlProps) {
  // The form item hands a switch its value as `checked` (valuePropName).
  return <Switch id={id} checked={checked === undefined ? true : checked} onChange={(v) => onChange?.(v)} />;
}

export const boardFields: Record<string, FieldOverride> = {
  categoryIds: { input: CategoriesPicker },
  enabled: { input: EnabledSwitch },
};

/** The board code with its poster button (PDF with the company's name, logo and the QR). */
function PosterCell({ code, id, menuCode }: { code: string; id: number; menuCode: string }) {
  const { t } = useTranslation();
  const can = useCan(`${menuCode}:btn_poster`);
  const [busy, setBusy] = useState(false);
  return (
    <Space size={4}>
      <Typography.Text
        copyable={{ text: code }}
        style={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'nowrap' }}
      >
        {code}
      </Typography.Text>
      {can && (
        <Button
          size="small"
          type="link"
          loading={busy}
          data-testid={`poster-${id}`}
          onClick={async () => {
            setBusy(true);
            try {
              await download(downloadCodeBoardPoster, { params: { id } });
            } catch {
              toast.error(t('codeBoards.posterFailed'));
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('codeBoards.poster')}
        </Button>
      )}
    </Space>
  );
}

const posterCells = (menuCode: string): Record<string, CellOverride> => ({
  code: (value, row) => <PosterCell code={String(value)} id={row.id as number} menuCode={menuCode} />,
});

/**
 * One of the three board pages: the same resource's fields, its own rows and codes; `fixed` is what the page's
 * rows all share (全电, business line), so the form does not ask for it.
 */
export function BoardsPage({ meta, fixed }: { meta: ResourceMeta; fixed?: Record<string, unknown> }) {
  return <ResourcePage meta={meta} fixed={fixed} fields={boardFields} cells={posterCells(meta.menuCode)} />;
}

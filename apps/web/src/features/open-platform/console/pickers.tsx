import {
  listLicensableApps,
  listOpenDeveloperOptions,
  listOpenOperationOptions,
  listOpenTenantOptions,
} from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldControlProps } from '../../../crud/field-override.ts';
import { call } from '../../../lib/http.ts';

type Option = { value: number; label: string };

/** The row's saved choice shown even when the first 50 found do not hold it. */
function withSaved(options: Option[], id: unknown, name: unknown): Option[] {
  if (typeof id === 'number' && !options.some((o) => o.value === id))
    return [...options, { value: id, label: typeof name === 'string' && name ? name : `#${id}` }];
  return options;
}

function SearchSelect({
  id,
  value,
  onChange,
  load,
  queryKey,
  placeholder,
  saved,
}: {
  id?: string;
  value: unknown;
  onChange?: (v: unknown) => void;
  load: (keyword: string, signal: AbortSignal) => Promise<Option[]>;
  queryKey: string;
  placeholder: string;
  saved: Option[];
}) {
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: ['openConsole', queryKey, search],
    queryFn: ({ signal }) => load(search, signal),
  });
  let options = found.data ?? [];
  for (const s of saved) options = withSaved(options, s.value, s.label);
  return (
    <Select
      id={id}
      allowClear
      value={typeof value === 'number' ? value : undefined}
      onChange={(v) => onChange?.(v ?? null)}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={found.isFetching}
      options={options}
      placeholder={placeholder}
    />
  );
}

const savedOf = (row: FieldControlProps['row'], idKey: string, nameKey: string): Option[] =>
  typeof row?.[idKey] === 'number'
    ? [{ value: row[idKey] as number, label: String(row[nameKey] ?? '') }]
    : [];

/** A company, by name or tax number (platform forms). */
export function TenantPicker({ id, value, onChange, row }: FieldControlProps) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      id={id}
      value={value}
      onChange={onChange}
      queryKey="tenants"
      placeholder={t('openConsole.pickTenant')}
      saved={savedOf(row, 'tenantId', 'tenantName')}
      load={async (keyword, signal) =>
        (await call(listOpenTenantOptions, { query: keyword ? { keyword } : {}, signal, silent: true })).map(
          (c) => ({ value: c.id, label: c.name }),
        )
      }
    />
  );
}

export function DeveloperPicker({ id, value, onChange, row }: FieldControlProps) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      id={id}
      value={value}
      onChange={onChange}
      queryKey="developers"
      placeholder={t('openConsole.pickDeveloper')}
      saved={savedOf(row, 'developerId', 'developerName')}
      load={async (keyword, signal) =>
        (
          await call(listOpenDeveloperOptions, { query: keyword ? { keyword } : {}, signal, silent: true })
        ).map((c) => ({ value: c.id, label: c.name }))
      }
    />
  );
}

/** An app: every app on the platform's pages (all), the enabled ISV apps when a company authorises one. */
function AppPicker({ id, value, onChange, row, all }: FieldControlProps & { all: boolean }) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      id={id}
      value={value}
      onChange={onChange}
      queryKey={all ? 'apps-all' : 'apps-isv'}
      placeholder={t('openConsole.pickApp')}
      saved={savedOf(row, 'appId', 'appName')}
      load={async (keyword, signal) =>
        (
          await call(listLicensableApps, {
            query: { ...(keyword ? { keyword } : {}), ...(all ? { all: '1' as const } : {}) },
            signal,
            silent: true,
          })
        ).map((a) => ({ value: a.id, label: `${a.name}（${a.developer}）` }))
      }
    />
  );
}

export const AnyAppPicker = (p: FieldControlProps) => <AppPicker {...p} all />;
export const IsvAppPicker = (p: FieldControlProps) => <AppPicker {...p} all={false} />;

/** An open API of the registry, by its operation code. */
export function OperationPicker({ id, value, onChange }: FieldControlProps) {
  const { t } = useTranslation();
  const ops = useQuery({
    queryKey: ['openConsole', 'operations'],
    queryFn: ({ signal }) => call(listOpenOperationOptions, { signal, silent: true }),
  });
  return (
    <Select
      id={id}
      allowClear
      showSearch
      value={typeof value === 'string' ? value : undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={ops.isFetching}
      placeholder={t('openConsole.pickOperation')}
      options={(ops.data ?? []).map((o) => ({ value: o.operation, label: `${o.name} (${o.operation})` }))}
    />
  );
}

/** A date and time, sent as YYYY-MM-DD HH:mm:ss China time (the server reads it so). */
export function ExpiryPicker({ id, value, onChange }: FieldControlProps) {
  const { t } = useTranslation();
  return (
    <DatePicker
      id={id}
      showTime
      style={{ width: '100%' }}
      placeholder={t('openConsole.pickTime')}
      value={typeof value === 'string' && value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD HH:mm:ss') : null)}
    />
  );
}

/** A comma-separated text field edited as tags (or chosen among options): "a,b". */
export function CommaTags({
  id,
  value,
  onChange,
  options,
}: FieldControlProps & { options?: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const list = typeof value === 'string' && value ? value.split(',') : [];
  return (
    <Select
      id={id}
      mode={options ? 'multiple' : 'tags'}
      tokenSeparators={options ? undefined : [',', ' ']}
      value={list}
      options={options}
      placeholder={t('openConsole.pickTags')}
      onChange={(v: string[]) => onChange?.(v.join(','))}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tenantOptionsQuery } from './sms-api.ts';

/** A company chosen by name (searched on the server, 50 at most), for platform accounts. */
export function TenantPicker({
  id,
  value,
  onChange,
  allowClear,
  placeholder,
}: {
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
  allowClear?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery(tenantOptionsQuery(keyword));
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear={allowClear}
      loading={isFetching}
      value={(value as number | null | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={placeholder ?? t('smsAdmin.pickTenant')}
      options={(data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      notFoundContent={t('smsAdmin.noTenant')}
      style={{ width: '100%' }}
    />
  );
}

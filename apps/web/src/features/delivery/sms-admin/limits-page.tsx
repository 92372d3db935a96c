import { smsLimitsMeta } from '@fpy/resources';
import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldControlProps } from '../../../crud/field-override.ts';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { thousands } from '../../../lib/format.ts';
import { TenantPicker } from './tenant-picker.tsx';

function DefaultOrTenant({ id, value, onChange }: FieldControlProps) {
  const { t } = useTranslation();
  return (
    <TenantPicker
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      placeholder={t('smsAdmin.limits.platformDefault')}
    />
  );
}

/**
 * 频率控制 (/smsMessage/smsControlManage): the platform default (no company) and the companies' overrides;
 * 0 reads as 不限.
 */
export default function LimitsPage() {
  const { t } = useTranslation();
  const limit = (v: unknown) =>
    v === 0 ? <Tag>{t('smsAdmin.limits.unlimited')}</Tag> : thousands(v as number);
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('smsAdmin.limits.hint')} />
      <ResourcePage
        meta={smsLimitsMeta}
        fields={{ tenantId: { input: DefaultOrTenant } }}
        cells={{
          tenantName: (v) => (v ? String(v) : <Tag color="blue">{t('smsAdmin.limits.platformDefault')}</Tag>),
          perNumberPerMinute: limit,
          perNumberPerHour: limit,
          perNumberPerDay: limit,
          perTenantPerDay: limit,
        }}
      />
    </>
  );
}

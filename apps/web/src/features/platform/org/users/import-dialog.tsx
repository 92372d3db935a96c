import { importUsers, userImportTemplate } from '@fpy/contracts';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportDialog as XlsxImportDialog } from '../../../../crud/import-dialog.tsx';
import { call } from '../../../../lib/http.ts';
import { refreshOrg } from '../org-api.ts';
import { useOrgScope } from '../use-org-scope.ts';

/** Users from the filled template; the platform first names the company they join. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { platform, tenantOptions } = useOrgScope();
  const [tenantId, setTenantId] = useState<number | undefined>();
  return (
    <XlsxImportDialog
      open={open}
      onClose={onClose}
      title={t('org.user.importTitle')}
      template={{ route: userImportTemplate, fileName: t('org.user.templateFile') }}
      upload={(body) => call(importUsers, { query: { tenantId }, body })}
      refresh={refreshOrg}
      ready={!platform || !!tenantId}
      extra={
        platform && (
          <Form.Item label={t('org.user.tenant')} required style={{ marginBottom: 0 }}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={tenantOptions}
              value={tenantId}
              onChange={setTenantId}
            />
          </Form.Item>
        )
      }
    />
  );
}

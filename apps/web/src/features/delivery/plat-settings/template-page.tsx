import { tenantTemplatesMeta } from '@fpy/resources';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { knownVariablesRule, TemplateBodyInput } from './template-body-input.tsx';

function Enabled({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return value ? (
    <Tag color="green">{t('plat.template.inUse')}</Tag>
  ) : (
    <Tag>{t('plat.template.notInUse')}</Tag>
  );
}

/**
 * Spec §2.12 /invoicePlat/template: the company's delivery templates (declared resource tenantTemplates); the
 * body field carries variable buttons and the live preview, the server's write hook applies the same rules.
 */
export default function TemplatePage() {
  return (
    <ResourcePage
      meta={tenantTemplatesMeta}
      cells={{ enabled: (v) => <Enabled value={v} /> }}
      fields={{
        body: { input: TemplateBodyInput, rules: [knownVariablesRule] },
        subject: { rules: [knownVariablesRule] },
      }}
    />
  );
}

import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeCardForm } from './code-card-form.tsx';
import { DeliverySettingsForm } from './delivery-settings-form.tsx';
import { EnterpriseMailForm } from './enterprise-mail-form.tsx';

/**
 * Spec §2.12 /invoicePlat/zzsdzfp (电子发票交付设置): how issued invoices reach buyers — automatic e-mail and
 * SMS, link lifetime, attachments — the company's own mailbox, and the code-card scan page.
 */
export default function DeliverySettingsPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('plat.delivery.title')}>
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'delivery', label: t('plat.delivery.tab'), children: <DeliverySettingsForm /> },
          { key: 'mail', label: t('plat.mail.tab'), children: <EnterpriseMailForm /> },
          { key: 'codeCard', label: t('plat.codeCard.tab'), children: <CodeCardForm /> },
        ]}
      />
    </Card>
  );
}

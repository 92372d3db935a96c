import { getSmsPlatformSettings, saveSmsPlatformSettings, type SmsPlatformSettings } from '@fpy/contracts';
import { DELIVERY_TEMPLATE_VARIABLES } from '@fpy/domain';
import { platformTemplatesMeta } from '@fpy/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../crud/resource-page.tsx';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { useCan } from '../../../lib/permission.tsx';
import { smsKeys } from './sms-api.ts';

/** The platform's default 签名 (a template's own wins). */
function SettingsCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const canSave = useCan('smsSystemDeploy:btn_edit');
  const [form] = Form.useForm<SmsPlatformSettings>();
  const [busy, setBusy] = useState(false);
  const { data } = useQuery({
    queryKey: smsKeys.settings,
    queryFn: ({ signal }) => call(getSmsPlatformSettings, { signal }),
  });
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const save = async (v: SmsPlatformSettings) => {
    setBusy(true);
    try {
      qc.setQueryData(smsKeys.settings, await call(saveSmsPlatformSettings, { body: v }));
      toast.success(t('smsAdmin.saved'));
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('smsAdmin.deploy.settings')} style={{ marginBottom: 16 }}>
      <Form form={form} layout="inline" name="sms-platform-settings" onFinish={save} disabled={!canSave}>
        <Form.Item
          name="signName"
          label={t('smsAdmin.deploy.signName')}
          extra={t('smsAdmin.deploy.signHint')}
          rules={[
            { required: true, message: t('smsAdmin.deploy.signRequired') },
            { pattern: /^[\u4e00-\u9fa5A-Za-z0-9]{2,12}$/, message: t('smsAdmin.deploy.signInvalid') },
          ]}
        >
          <Input maxLength={12} style={{ width: 220 }} />
        </Form.Item>
        {canSave && (
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('smsAdmin.deploy.save')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}

/**
 * 短信系统配置 (/smsMessage/smsSystemDeploy): the platform's SMS settings and its SMS / e-mail templates,
 * the defaults of every company without its own (/invoicePlat/template).
 */
export default function SystemDeployPage() {
  const { t } = useTranslation();
  return (
    <>
      <SettingsCard />
      <Typography.Paragraph type="secondary">
        <Space wrap size={4}>
          {t('smsAdmin.deploy.variables')}
          {DELIVERY_TEMPLATE_VARIABLES.map((v) => (
            <Tag key={v}>{`{{${v}}}`}</Tag>
          ))}
        </Space>
      </Typography.Paragraph>
      <ResourcePage
        meta={platformTemplatesMeta}
        cells={{
          channel: (v) => (
            <Tag color={v === 'sms' ? 'blue' : 'purple'}>
              {t(`resource.platformTemplates.options.channel.${String(v)}`)}
            </Tag>
          ),
        }}
      />
    </>
  );
}

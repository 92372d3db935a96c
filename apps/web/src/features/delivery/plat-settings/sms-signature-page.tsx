import { SIGN_SOURCES, type SmsSignatureInput, saveSmsSignature, signNameField } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { useCan } from '../../../lib/permission.tsx';
import { ignore, platKeys, schemaRule, smsSignatureQuery } from './plat-api.ts';

/**
 * Spec §2.12 /invoicePlat/sms and §7 POST /api/admin/enterpriseParameterSetting/sms: the company's 短信签名,
 * the 【name】 every delivery SMS starts with. Until set, messages go out with the platform's signature.
 */
export default function SmsSignaturePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useQuery(smsSignatureQuery);
  const [form] = Form.useForm<SmsSignatureInput>();
  const typed = Form.useWatch('signName', form);
  const [busy, setBusy] = useState(false);
  const canEdit = useCan('sms:btn_edit');

  if (!data) return <Skeleton active />;

  const preview = signNameField().safeParse(typed ?? '');
  const submit = (body: SmsSignatureInput) => {
    setBusy(true);
    call(saveSmsSignature, { body })
      .then((reply) => {
        qc.setQueryData(platKeys.sms, reply);
        form.setFieldsValue({ signName: reply.signName ?? '' });
        toast.success(t('common.saved'));
      }, ignore)
      .finally(() => setBusy(false));
  };

  return (
    <Card title={t('plat.sms.title')}>
      <Alert
        type={data.signName ? 'success' : 'info'}
        showIcon
        title={data.signName ? t('plat.sms.current', { name: data.signName }) : t('plat.sms.unset')}
        description={t('plat.sms.rules')}
        style={{ marginBottom: 16, maxWidth: 720 }}
      />
      <Form<SmsSignatureInput>
        form={form}
        layout="vertical"
        name="smsSignature"
        disabled={!canEdit}
        initialValues={{
          signName: data.signName ?? '',
          signSource: data.signSource ?? 'company',
          remark: data.remark ?? '',
        }}
        onFinish={submit}
        style={{ maxWidth: 720 }}
      >
        <Form.Item
          name="signName"
          label={t('plat.sms.signName')}
          rules={[schemaRule(signNameField(), t('plat.sms.signName'))]}
          extra={
            preview.success ? (
              <Typography.Text data-testid="sign-preview">
                {t('plat.sms.preview', { text: `【${preview.data}】` })}
              </Typography.Text>
            ) : undefined
          }
        >
          <Input maxLength={14} showCount placeholder={t('plat.sms.placeholder')} />
        </Form.Item>
        <Form.Item name="signSource" label={t('plat.sms.signSource')}>
          <Select
            options={SIGN_SOURCES.map((v) => ({ value: v, label: t(`plat.sms.sources.${v}`) }))}
            style={{ maxWidth: 320 }}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('plat.sms.remark')} extra={t('plat.sms.remarkHint')}>
          <Input.TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

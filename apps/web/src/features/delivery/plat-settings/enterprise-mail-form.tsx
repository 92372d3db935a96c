import { type EnterpriseMailBody, saveEnterpriseMail, testEnterpriseMail } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Skeleton, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { useCan } from '../../../lib/permission.tsx';
import { useSecureFollowsPort } from '../../../lib/secure-follows-port.ts';
import { enterpriseMailQuery, ignore, platKeys } from './plat-api.ts';

/**
 * 企业邮箱 (spec §7 POST /api/admin/v1/parameterSetting/enterpriseMail): the company's own SMTP account, tried
 * before the platform's for its e-mails. The password comes back masked; sending the mask keeps it.
 */
export function EnterpriseMailForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useQuery(enterpriseMailQuery);
  const [busy, setBusy] = useState(false);
  const [testTo, setTestTo] = useState('');
  const [testing, setTesting] = useState(false);
  const canEdit = useCan('zzsdzfp:btn_mail');
  const [form] = Form.useForm<EnterpriseMailBody>();
  const securePort = useSecureFollowsPort(form);
  if (!data) return <Skeleton active />;

  const submit = (body: EnterpriseMailBody) => {
    setBusy(true);
    call(saveEnterpriseMail, { body })
      .then((reply) => {
        qc.setQueryData(platKeys.mail, reply);
        toast.success(t('common.saved'));
      }, ignore)
      .finally(() => setBusy(false));
  };

  const test = () => {
    setTesting(true);
    call(testEnterpriseMail, { body: { to: testTo } })
      .then((r) => {
        if (r.accepted) toast.success(t('plat.mail.testAccepted', { id: r.providerMessageId ?? '' }));
        else toast.error(t('plat.mail.testRefused', { code: r.code ?? '', message: r.message ?? '' }), 8);
      }, ignore)
      .finally(() => setTesting(false));
  };

  const f = (k: string) => t(`plat.mail.fields.${k}`);
  return (
    <Form<EnterpriseMailBody>
      form={form}
      name="enterpriseMail"
      layout="vertical"
      initialValues={data}
      onFinish={submit}
      onValuesChange={securePort.onValuesChange}
      disabled={!canEdit}
      style={{ maxWidth: 760 }}
    >
      <Alert
        type={data.configured && data.enabled ? 'success' : 'info'}
        showIcon
        title={
          data.configured ? (data.enabled ? t('plat.mail.inUse') : t('plat.mail.off')) : t('plat.mail.none')
        }
        style={{ marginBottom: 16 }}
      />
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item
            name="host"
            label={f('host')}
            rules={[{ required: true, message: t('common.required', { field: f('host') }) }]}
          >
            <Input maxLength={255} placeholder="smtp.exmail.qq.com" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="port"
            label={f('port')}
            rules={[{ required: true, message: t('common.required', { field: f('port') }) }]}
          >
            <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="user" label={f('user')}>
            <Input maxLength={128} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="pass" label={f('pass')} extra={t('plat.mail.passHint')}>
            <Input.Password maxLength={255} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="from"
            label={f('from')}
            rules={[{ required: true, type: 'email', message: t('plat.mail.fromInvalid') }]}
          >
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="fromName" label={f('fromName')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="bounceAddress"
            label={f('bounceAddress')}
            extra={t('plat.mail.bounceAddressHint')}
            rules={[{ type: 'email', message: t('plat.mail.bounceAddressInvalid') }]}
          >
            <Input maxLength={128} placeholder="bounces@example.com" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="verp" label={f('verp')} valuePropName="checked" extra={t('plat.mail.verpHint')}>
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name="secure"
            label={f('secure')}
            valuePropName="checked"
            extra={t('plat.mail.secureHint')}
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="rejectUnauthorized" label={f('rejectUnauthorized')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="enabled" label={f('enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      {data.bouncePath && (
        <Form.Item label={t('plat.mail.bounceUrl')} extra={t('plat.mail.bounceUrlHint')}>
          <Typography.Text
            className="bounce-url"
            copyable={{ text: `${window.location.origin}${data.bouncePath}` }}
            code
          >
            {`${window.location.origin}${data.bouncePath}`}
          </Typography.Text>
        </Form.Item>
      )}
      {canEdit && (
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
          {data.configured && (
            <Space.Compact>
              <Input
                value={testTo}
                onChange={(e) => setTestTo(e.target.value)}
                placeholder={t('plat.mail.testTo')}
                style={{ width: 240 }}
              />
              <Button onClick={test} loading={testing} disabled={!testTo}>
                {t('plat.mail.test')}
              </Button>
            </Space.Compact>
          )}
        </Space>
      )}
    </Form>
  );
}

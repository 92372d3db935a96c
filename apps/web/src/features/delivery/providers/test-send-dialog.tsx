import type { MessageChannel, ProviderRow, ProviderTestReply } from '@fpy/contracts';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/http.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { routesOf } from './providers-api.ts';

interface Values {
  to: string;
  templateCode?: string;
  params?: { name?: string; value?: string }[];
}

/**
 * Sends one message through exactly this account and shows what the provider answered: accepted with its
 * message id, or refused with its code (e.g. isv.SMS_TEMPLATE_ILLEGAL) — the administrator's check of a setup.
 */
export function TestSendDialog({
  channel,
  row,
  onClose,
}: {
  channel: MessageChannel;
  row: ProviderRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ProviderTestReply | null>(null);
  const p = 'deliveryProviders.test';

  useEffect(() => {
    if (!row) return;
    form.resetFields();
    setAnswer(null);
  }, [row, form]);

  const submit = async (v: Values) => {
    if (!row) return;
    const templateParams = Object.fromEntries(
      (v.params ?? []).filter((x) => x?.name).map((x) => [String(x.name).trim(), String(x.value ?? '')]),
    );
    setBusy(true);
    setAnswer(null);
    try {
      setAnswer(
        await call(routesOf(channel).test, {
          params: { id: row.id },
          body: { to: v.to, templateCode: v.templateCode || null, templateParams },
        }),
      );
    } catch {
      // Bad input: shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      open={!!row}
      title={t(`${p}.title`, { name: row?.name ?? '' })}
      okText={t(`${p}.send`)}
      cancelText={t('deliveryProviders.close')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="provider-test" onFinish={submit}>
        <Form.Item
          name="to"
          label={t(channel === 'sms' ? `${p}.mobile` : `${p}.email`)}
          rules={[
            channel === 'sms'
              ? { required: true, pattern: /^1[3-9]\d{9}$/, message: t(`${p}.mobileInvalid`) }
              : { required: true, type: 'email', message: t(`${p}.emailInvalid`) },
          ]}
        >
          <Input maxLength={128} />
        </Form.Item>
        {channel === 'sms' && row?.kind !== 'sandbox' && (
          <>
            <Form.Item name="templateCode" label={t(`${p}.templateCode`)} extra={t(`${p}.templateHelp`)}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.List name="params">
              {(fields, { add, remove }) => (
                <Form.Item label={t(`${p}.params`)}>
                  {fields.map((f) => (
                    <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                      <Form.Item name={[f.name, 'name']} noStyle>
                        <Input placeholder={t(`${p}.paramName`)} maxLength={32} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'value']} noStyle>
                        <Input placeholder={t(`${p}.paramValue`)} maxLength={64} />
                      </Form.Item>
                      <Button type="link" danger onClick={() => remove(f.name)}>
                        {t(`${p}.removeParam`)}
                      </Button>
                    </Space>
                  ))}
                  <Button type="dashed" onClick={() => add()} disabled={fields.length >= 20}>
                    {t(`${p}.addParam`)}
                  </Button>
                </Form.Item>
              )}
            </Form.List>
          </>
        )}
      </Form>
      {answer &&
        (answer.accepted ? (
          <Alert
            type="success"
            showIcon
            message={t(`${p}.accepted`)}
            description={t(`${p}.messageId`, { id: answer.providerMessageId ?? '' })}
          />
        ) : (
          <Alert
            type="error"
            showIcon
            message={t(`${p}.refused`, { code: answer.code ?? '' })}
            description={
              <>
                <div>{answer.message}</div>
                <div>{t(answer.retryable ? `${p}.retryable` : `${p}.final`)}</div>
              </>
            }
          />
        ))}
    </AppModal>
  );
}

import type { registerCompany } from '@fpy/contracts';
import { Button, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptPassword } from '../../lib/crypto.ts';
import { toast } from '../../lib/feedback.ts';
import { confirmRules, EMAIL_PATTERN, PHONE_PATTERN, passwordRules } from '../../lib/form-rules.ts';
import { type CallReply, callLazy } from '../../lib/http.ts';
import { sanitizer } from '../../lib/sanitize.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { registrableCreditCodeRules, usernameRules } from './registration-rules.ts';
import { CodeField } from '../../lib/code-field.tsx';

export interface RegisterValues {
  companyName: string;
  creditCode: string;
  contactName: string;
  contactPhone: string;
  email?: string;
  username: string;
  password: string;
  confirm: string;
  /** SMS code sent to contactPhone. */
  code: string;
}

export type RegisterReply = CallReply<typeof registerCompany>;

/**
 * Sign-up as Chinese SaaS does it: the contact's mobile gets an SMS code, the form goes with it, and the
 * server answers "submitted" whatever the outcome; whether the company was opened (or the account or company
 * already exists) arrives by SMS, so the page never tells a stranger who is registered.
 */
export function RegisterForm({ onDone }: { onDone: (reply: RegisterReply, username: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const [busy, setBusy] = useState(false);
  const [left, startCountdown] = useCountdown(60);

  const sendCode = async () => {
    let contactPhone: string;
    try {
      ({ contactPhone } = await form.validateFields(['contactPhone']));
    } catch {
      return; // the field shows why
    }
    try {
      const reply = await callLazy('getRegisterCode', { body: { contactPhone } });
      toast.success(t('common.codeSent', { target: reply.maskedTarget }));
      startCountdown();
    } catch {
      // The shared client already showed the server's reason.
    }
  };

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('common.required', { field }),
  });

  const submit = async ({ confirm: _confirm, password, ...values }: RegisterValues) => {
    setBusy(true);
    try {
      const reply = await callLazy('registerCompany', {
        body: {
          ...values,
          creditCode: values.creditCode.trim().toUpperCase(),
          email: values.email || undefined,
          password: await encryptPassword(password),
        },
      });
      onDone(reply, values.username);
    } catch {
      // The shared client already showed the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<RegisterValues> form={form} layout="vertical" name="register" onFinish={submit} autoComplete="off">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="companyName"
            label={t('public.register.companyName')}
            rules={[required(t('public.register.companyName'))]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="creditCode"
            label={t('public.register.creditCode')}
            rules={registrableCreditCodeRules()}
            normalize={(v: string) => v.toUpperCase().replace(/\s/g, '')}
          >
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="contactName"
            label={t('public.register.contactName')}
            rules={[required(t('public.register.contactName'))]}
            normalize={sanitizer(32)}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="contactPhone"
            label={t('public.register.contactPhone')}
            rules={[
              required(t('public.register.contactPhone')),
              { pattern: PHONE_PATTERN, message: t('validation.phone') },
            ]}
          >
            <Input maxLength={11} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <CodeField
            label={t('public.register.code')}
            sendButton={
              <Button disabled={left > 0} onClick={sendCode}>
                {left > 0 ? t('common.resendIn', { s: left }) : t('common.sendCode')}
              </Button>
            }
          />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('public.register.email')}
            rules={[{ pattern: EMAIL_PATTERN, message: t('validation.email') }]}
          >
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="username" label={t('public.register.username')} rules={usernameRules()}>
            <Input maxLength={32} autoComplete="username" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="password"
            label={t('public.register.password')}
            rules={passwordRules()}
            hasFeedback
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="confirm"
            label={t('public.register.confirm')}
            dependencies={['password']}
            rules={confirmRules('password')}
            hasFeedback
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        {t('public.register.submit')}
      </Button>
    </Form>
  );
}

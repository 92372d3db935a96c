import type { registerCompany } from '@fpy/contracts';
import { Button, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptPassword } from '../../lib/crypto.ts';
import {
  confirmRules,
  creditCodeRules,
  EMAIL_PATTERN,
  PHONE_PATTERN,
  passwordRules,
} from '../../lib/form-rules.ts';
import { type CallReply, http } from '../../lib/http.ts';
import { sanitizer } from '../../lib/sanitize.ts';

export interface RegisterValues {
  companyName: string;
  creditCode: string;
  contactName: string;
  contactPhone: string;
  email?: string;
  username: string;
  password: string;
  confirm: string;
}

export type RegisterReply = CallReply<typeof registerCompany>;

export function RegisterForm({ onDone }: { onDone: (reply: RegisterReply, username: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('common.required', { field }),
  });

  const submit = async ({ confirm: _confirm, password, ...values }: RegisterValues) => {
    setBusy(true);
    try {
      const reply = await http.post<RegisterReply>('/api/admin/register', {
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
    <Form<RegisterValues> layout="vertical" name="register" onFinish={submit} autoComplete="off">
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
            rules={creditCodeRules()}
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
            <Input maxLength={11} />
          </Form.Item>
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
          <Form.Item
            name="username"
            label={t('public.register.username')}
            rules={[
              required(t('public.register.username')),
              { pattern: /^[A-Za-z0-9_.@-]{3,64}$/, message: t('public.register.usernameRule') },
            ]}
          >
            <Input maxLength={64} autoComplete="username" />
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

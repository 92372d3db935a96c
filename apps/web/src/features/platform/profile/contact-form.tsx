import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../../../lib/form-rules.ts';
import { SESSION_KEY } from '../../../lib/permission.tsx';
import { sanitizer } from '../../../lib/sanitize.ts';
import { type SelfReply, updateSelf } from './self-api.ts';
import { SendCodeButton } from './send-code-button.tsx';
import { CodeField } from '../../../lib/code-field.tsx';

interface ContactValues {
  name: string;
  phone: string;
  email: string;
  code?: string;
}

/** Name, phone and e-mail; a changed phone or e-mail is confirmed with a code sent to the new address. */
export function ContactForm({ self }: { self: SelfReply }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ContactValues>();
  const [busy, setBusy] = useState(false);
  const phone = Form.useWatch('phone', form) ?? self.phone ?? '';
  const email = Form.useWatch('email', form) ?? self.email ?? '';
  const phoneChanged = phone !== (self.phone ?? '');
  const emailChanged = email !== (self.email ?? '');
  const needsCode = (phoneChanged && phone !== '') || (emailChanged && email !== '');

  const submit = async (values: ContactValues) => {
    setBusy(true);
    try {
      await updateSelf({
        name: values.name.trim(),
        phone: values.phone || null,
        email: values.email || null,
        code: needsCode ? values.code : undefined,
      });
      toast.success(t('common.saved'));
      form.setFieldValue('code', undefined);
      await queryClient.invalidateQueries({ queryKey: [SESSION_KEY] });
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<ContactValues>
      form={form}
      layout="vertical"
      name="contact"
      style={{ maxWidth: 480 }}
      initialValues={{ name: self.name, phone: self.phone ?? '', email: self.email ?? '' }}
      onFinish={submit}
    >
      <Form.Item label={t('profile.contact.username')}>
        <Input value={self.username} disabled />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('profile.contact.name')}
        rules={[
          {
            required: true,
            whitespace: true,
            message: t('common.required', { field: t('profile.contact.name') }),
          },
        ]}
        normalize={sanitizer(32)}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('profile.contact.phone')}
        rules={[{ pattern: PHONE_PATTERN, message: t('validation.phone') }]}
      >
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('profile.contact.email')}
        rules={[{ pattern: EMAIL_PATTERN, message: t('validation.email') }]}
      >
        <Input maxLength={128} />
      </Form.Item>
      {needsCode && (
        <CodeField
          label={t('profile.contact.code')}
          extra={t('profile.contact.codeHint')}
          sendButton={
            <SendCodeButton
              channel={phoneChanged && phone ? 'sms' : 'email'}
              target={async () => {
                const field = phoneChanged && phone ? 'phone' : 'email';
                await form.validateFields([field]);
                return form.getFieldValue(field) as string;
              }}
            />
          }
        />
      )}
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

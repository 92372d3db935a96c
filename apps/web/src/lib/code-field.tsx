import { Flex, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_PATTERN } from './form-rules.ts';

/**
 * The six-digit verification code field (name `code`) with its send button beside it: sign-up, forgotten password,
 * password change and contact change all ask for a code the same way.
 */
export function CodeField({
  label,
  extra,
  sendButton,
}: {
  label: string;
  extra?: ReactNode;
  sendButton: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} required extra={extra}>
      <Flex gap={8}>
        <Form.Item
          name="code"
          noStyle
          rules={[{ required: true, pattern: CODE_PATTERN, message: t('validation.code') }]}
        >
          <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
        </Form.Item>
        {sendButton}
      </Flex>
    </Form.Item>
  );
}

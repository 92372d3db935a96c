import { resetUserPassword, type UserRow } from '@fpy/contracts';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { confirmRules, passwordRules } from '../../../../lib/form-rules.ts';
import { call } from '../../../../lib/http.ts';
import { AppModal } from '../../../../lib/modal.tsx';

/** The administrator types a new password; the user must change it at the next login and is logged out now. */
export function PasswordDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: { password: string }) => {
    if (!user) return;
    setBusy(true);
    try {
      await call(resetUserPassword, { params: { id: user.id }, body: { password: v.password } });
      toast.success(t('org.user.passwordReset'));
      onClose();
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal
      open={!!user}
      title={t('org.user.resetPwdTitle', { name: user?.name ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Alert type="info" showIcon title={t('org.user.resetPwdHint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" name="org-reset-password" onFinish={submit}>
        <Form.Item name="password" label={t('org.user.newPassword')} rules={passwordRules()}>
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('org.user.confirmPassword')}
          dependencies={['password']}
          rules={confirmRules('password')}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

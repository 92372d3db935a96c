import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface SecretOnce {
  key: string;
  secret: string;
}

/**
 * The one time a secret is shown (an app's AppSecret, an OAuth client's secret): copy buttons, a warning, and
 * closed only by 我已保存 — no backdrop or Esc (spec §9: dialogs do not close that way). Nothing keeps it after.
 */
export function SecretModal({ value, onClose }: { value: SecretOnce | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!value}
      title={t('openConsole.secretTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" data-testid="secret-saved" onClick={onClose}>
          {t('openConsole.saved')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('openConsole.secretHint')} style={{ marginBottom: 16 }} />
      {value && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('openConsole.keyLabel')}>
            <Typography.Text copyable data-testid="secret-key" style={{ fontFamily: 'monospace' }}>
              {value.key}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('openConsole.secretLabel')}>
            <Typography.Text copyable data-testid="secret-value" style={{ fontFamily: 'monospace' }}>
              {value.secret}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { useCan } from '../../../../lib/permission.tsx';
import { MenuIcon } from '../../../../shell/sidebar/menu-icons.tsx';
import { uploadIcon } from '../base-api.ts';

/** Same limits the server enforces (it also checks the bytes): png, jpeg or svg up to 2 MB. */
const ACCEPT = ['image/png', 'image/jpeg', 'image/svg+xml'];
const MAX_BYTES = 2 * 1024 * 1024;

export const isImageIcon = (icon: string | null | undefined) => !!icon && /^(\/|https?:)/.test(icon);

export function IconPreview({ icon }: { icon: string | null | undefined }) {
  if (isImageIcon(icon))
    return <img src={icon ?? ''} alt="" style={{ width: 16, height: 16, objectFit: 'contain' }} />;
  return <MenuIcon name={icon} />;
}

/** An antd icon name typed in, or an image uploaded to /api/admin/menu/uploadImgs. */
export function IconField({
  value,
  onChange,
  disabled,
}: {
  value?: string | null;
  onChange?: (v: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const canUpload = useCan('menuManager:btn_edit');

  const upload = async (file: File) => {
    if (!ACCEPT.includes(file.type)) return toast.warning(t('base.menu.badType'));
    if (file.size > MAX_BYTES) return toast.warning(t('base.menu.tooLarge'));
    setBusy(true);
    try {
      const { url } = await uploadIcon(file);
      onChange?.(url);
      toast.success(t('base.menu.uploaded'));
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        prefix={<IconPreview icon={value} />}
        value={value ?? ''}
        maxLength={500}
        disabled={disabled}
        placeholder="SettingOutlined"
        onChange={(e) => onChange?.(e.target.value)}
      />
      {canUpload && !disabled && (
        <Upload
          accept=".png,.jpg,.jpeg,.svg"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            // Uploaded through the shared client (token, error display), not antd's own request.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t('base.menu.uploadIcon')}
          </Button>
        </Upload>
      )}
    </Space.Compact>
  );
}

import { UploadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Image, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { type ImageKind, uploadEnterpriseImage } from './company-api.ts';

/** Same limits the server enforces: png, jpg or svg up to 2 MB. */
const ACCEPT = ['image/png', 'image/jpeg', 'image/svg+xml'];
const MAX_BYTES = 2 * 1024 * 1024;

interface ImageUploadCardProps {
  kind: ImageKind;
  title: string;
  hint: string;
  current: string | null;
  onUploaded: () => void;
}

export function ImageUploadCard({ kind, title, hint, current, onUploaded }: ImageUploadCardProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const shown = preview ?? current;

  const upload = async (file: File) => {
    if (!ACCEPT.includes(file.type)) {
      toast.warning(t('company.individuation.badType'));
      return;
    }
    if (file.size > MAX_BYTES) {
      toast.warning(t('company.individuation.tooLarge'));
      return;
    }
    setBusy(true);
    try {
      const reply = await uploadEnterpriseImage(file, kind);
      const url = kind === 'logo' ? reply.content.logoUrl : reply.content.titleImageUrl;
      setPreview(url);
      toast.success(t('company.individuation.uploaded'));
      onUploaded();
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={title} extra={hint}>
      <div
        style={{
          height: 160,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'rgba(0,0,0,0.02)',
          marginBottom: 16,
        }}
      >
        {shown ? (
          <Image src={shown} alt={title} style={{ maxHeight: 150, maxWidth: '100%', objectFit: 'contain' }} />
        ) : (
          <Empty description={t('company.individuation.noImage')} />
        )}
      </div>
      <Upload
        accept=".png,.jpg,.jpeg,.svg"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          // The upload runs through the shared client (auth header, error display), not antd's XHR.
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {t('company.individuation.choose')}
        </Button>
      </Upload>
    </Card>
  );
}

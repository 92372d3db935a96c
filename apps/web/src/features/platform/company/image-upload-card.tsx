import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../crud/image-upload.tsx';
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
  const [preview, setPreview] = useState<string | null>(null);

  const upload = async (file: File) => {
    const reply = await uploadEnterpriseImage(file, kind);
    setPreview(kind === 'logo' ? reply.content.logoUrl : reply.content.titleImageUrl);
    toast.success(t('company.individuation.uploaded'));
    onUploaded();
  };

  return (
    <Card title={title} extra={hint}>
      <ImageUpload
        src={preview ?? current}
        alt={title}
        accept={ACCEPT}
        maxBytes={MAX_BYTES}
        upload={upload}
        badType={t('company.individuation.badType')}
        tooLarge={t('company.individuation.tooLarge')}
        chooseLabel={t('company.individuation.choose')}
        emptyLabel={t('company.individuation.noImage')}
      />
    </Card>
  );
}

import { UploadOutlined } from '@ant-design/icons';
import { Button, Empty, Image, Space, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/feedback.ts';

export interface ImageUploadProps {
  /** What the preview shows: an /uploads/ address or a data: URL the server made; null for none yet. */
  src: string | null;
  alt: string;
  /** The types the server accepts (it judges the bytes again and re-encodes: nothing uploaded is served back). */
  accept: readonly string[];
  maxBytes: number;
  /** Sends the file through the shared client (auth header, error display); resolves once saved. */
  upload: (file: File) => Promise<unknown>;
  /** The words of a refusal before sending: wrong type, too large. Crud's own by default. */
  badType?: string;
  tooLarge?: string;
  chooseLabel?: string;
  emptyLabel?: string;
  height?: number;
  previewTestId?: string;
  /** Between the preview and the buttons (the file's name and size). */
  note?: ReactNode;
  /** Beside the upload button (remove). */
  actions?: ReactNode;
  /** Hides the buttons (a caller without the code still sees the image). */
  readOnly?: boolean;
}

const EXT: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg,.jpeg',
  'image/svg+xml': '.svg',
};

/**
 * The image field of the ladder (and of hand-built cards: the company's logo, the invoice seal): a preview, a
 * type and size check before sending, and the upload through the shared client instead of antd's XHR. Safety
 * lives on the server (modules/platform/base/uploads): the bytes are decoded and written again, and /uploads/
 * serves them sandboxed, so an image never runs as active content.
 */
export function ImageUpload(p: ImageUploadProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const send = async (file: File) => {
    if (!p.accept.includes(file.type)) return toast.warning(p.badType ?? t('crud.image.badType'));
    if (file.size > p.maxBytes) return toast.warning(p.tooLarge ?? t('crud.image.tooLarge'));
    setBusy(true);
    try {
      await p.upload(file);
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };
  const height = p.height ?? 160;
  return (
    <>
      <div
        style={{
          height,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'rgba(0,0,0,0.02)',
          marginBottom: 16,
        }}
      >
        {p.src ? (
          <Image
            src={p.src}
            alt={p.alt}
            data-testid={p.previewTestId}
            style={{ maxHeight: height - 10, maxWidth: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Empty description={p.emptyLabel ?? t('crud.image.none')} />
        )}
      </div>
      {p.note}
      {!p.readOnly && (
        <Space>
          <Upload
            accept={p.accept.map((m) => EXT[m] ?? m).join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              // Sent by `upload` through the shared client, not antd's XHR.
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy}>
              {p.chooseLabel ?? t('crud.image.choose')}
            </Button>
          </Upload>
          {p.actions}
        </Space>
      )}
    </>
  );
}

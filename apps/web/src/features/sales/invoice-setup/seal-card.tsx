import { UploadOutlined } from '@ant-design/icons';
import { deleteSeal, SEAL_MAX_BYTES, uploadSeal } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Image, Popconfirm, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { Can } from '../../../lib/permission.tsx';
import { sealQuery, setupKeys } from './setup-api.ts';

/** Same rule the server applies from the bytes: PNG or JPEG up to 1 MB. */
const ACCEPT = ['image/png', 'image/jpeg'];

/** 发票专用章: preview, upload (replace) and delete; the PDF renderer stamps it on every new layout file. */
export function SealCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data, isFetching } = useQuery(sealQuery);
  const [busy, setBusy] = useState(false);
  const seal = data?.seal ?? null;

  const upload = async (file: File) => {
    if (!ACCEPT.includes(file.type)) return toast.warning(t('invoiceSetup.seal.badType'));
    if (file.size > SEAL_MAX_BYTES) return toast.warning(t('invoiceSetup.seal.tooLarge'));
    const body = new FormData();
    body.append('file', file);
    setBusy(true);
    try {
      const reply = await call(uploadSeal, { body });
      qc.setQueryData(setupKeys.seal, reply);
      toast.success(t('invoiceSetup.seal.uploaded'));
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    try {
      await call(deleteSeal);
      qc.setQueryData(setupKeys.seal, { seal: null });
      toast.success(t('invoiceSetup.seal.removed'));
    } catch {
      // Shown by the shared client.
    }
  };

  return (
    <Card
      title={t('invoiceSetup.seal.title')}
      extra={t('invoiceSetup.seal.hint')}
      loading={isFetching && !data}
    >
      <div
        style={{
          height: 180,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'rgba(0,0,0,0.02)',
          marginBottom: 16,
        }}
      >
        {seal ? (
          <Image
            src={seal.dataUrl}
            alt={t('invoiceSetup.seal.title')}
            data-testid="seal-preview"
            style={{ maxHeight: 170, maxWidth: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Empty description={t('invoiceSetup.seal.none')} />
        )}
      </div>
      {seal && (
        <Typography.Paragraph type="secondary" ellipsis>
          {seal.originalName} · {t('invoiceSetup.seal.size', { kb: Math.ceil(seal.size / 1024) })}
        </Typography.Paragraph>
      )}
      <Can code="openerSetup:btn_seal">
        <Space>
          <Upload
            accept=".png,.jpg,.jpeg"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              // Sent through the shared client (auth header, error display), not antd's XHR.
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy}>
              {t(seal ? 'invoiceSetup.seal.replace' : 'invoiceSetup.seal.choose')}
            </Button>
          </Upload>
          {seal && (
            <Popconfirm title={t('invoiceSetup.seal.confirmRemove')} onConfirm={remove}>
              <Button danger>{t('invoiceSetup.seal.remove')}</Button>
            </Popconfirm>
          )}
        </Space>
      </Can>
    </Card>
  );
}

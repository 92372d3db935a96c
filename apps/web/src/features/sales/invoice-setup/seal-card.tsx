import { deleteSeal, SEAL_MAX_BYTES, uploadSeal } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../crud/image-upload.tsx';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { useCan } from '../../../lib/permission.tsx';
import { sealQuery, setupKeys } from './setup-api.ts';

/** Same rule the server applies from the bytes: PNG or JPEG up to 1 MB. */
const ACCEPT = ['image/png', 'image/jpeg'];

/** 发票专用章: preview, upload (replace) and delete; the PDF renderer stamps it on every new layout file. */
export function SealCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data, isFetching } = useQuery(sealQuery);
  const canChange = useCan('openerSetup:btn_seal');
  const seal = data?.seal ?? null;

  const upload = async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    const reply = await call(uploadSeal, { body });
    qc.setQueryData(setupKeys.seal, reply);
    toast.success(t('invoiceSetup.seal.uploaded'));
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
      <ImageUpload
        src={seal?.dataUrl ?? null}
        alt={t('invoiceSetup.seal.title')}
        previewTestId="seal-preview"
        height={180}
        accept={ACCEPT}
        maxBytes={SEAL_MAX_BYTES}
        upload={upload}
        badType={t('invoiceSetup.seal.badType')}
        tooLarge={t('invoiceSetup.seal.tooLarge')}
        chooseLabel={t(seal ? 'invoiceSetup.seal.replace' : 'invoiceSetup.seal.choose')}
        emptyLabel={t('invoiceSetup.seal.none')}
        readOnly={!canChange}
        note={
          seal && (
            <Typography.Paragraph type="secondary" ellipsis>
              {seal.originalName} · {t('invoiceSetup.seal.size', { kb: Math.ceil(seal.size / 1024) })}
            </Typography.Paragraph>
          )
        }
        actions={
          seal && (
            <Popconfirm title={t('invoiceSetup.seal.confirmRemove')} onConfirm={remove}>
              <Button danger>{t('invoiceSetup.seal.remove')}</Button>
            </Popconfirm>
          )
        }
      />
    </Card>
  );
}

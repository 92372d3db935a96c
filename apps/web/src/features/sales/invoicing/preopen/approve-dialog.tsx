import { Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../lib/modal.tsx';

/** 审核通过: says that approval issues at once, with an optional note kept in the history. */
export function ApproveDialog({
  count,
  open,
  onCancel,
  onSubmit,
}: {
  count: number;
  open: boolean;
  onCancel: () => void;
  onSubmit: (note: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setNote('');
  }, [open]);
  const ok = async () => {
    setBusy(true);
    try {
      await onSubmit(note.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal
      open={open}
      title={t('preopen.approve')}
      okText={t('preopen.approve')}
      okButtonProps={{ loading: busy }}
      cancelText={t('preopen.cancel')}
      onOk={ok}
      onCancel={onCancel}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {count === 1 ? t('preopen.confirmApproveOne') : t('preopen.confirmApprove', { count })}
      </Typography.Paragraph>
      <Input.TextArea
        rows={3}
        maxLength={200}
        showCount
        placeholder={t('preopen.note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
    </AppModal>
  );
}

import {
  createPreopenBindCode,
  getPreopenAppCode,
  listPreopenDevices,
  revokePreopenDevice,
} from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List, QRCode, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format.ts';
import { call } from '../../../../lib/http.ts';
import { AppModal } from '../../../../lib/modal.tsx';

/** The phone opens the QR's address on this server. */
const absolute = (path: string) => `${location.origin}${path}`;

/**
 * 绑定手机审核 (issue 30 §2.9): a short-lived, single-use binding QR for the signed-in reviewer (the phone opens
 * /invoicerBinding and confirms), and the reviewer's bound phones with their removal.
 */
export function PhoneBindButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('preopen.phone.bind')}</Button>
      {open && <PhoneBindDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function PhoneBindDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [made, setMade] = useState<{ url: string; expiresAt: string } | null>(null);
  const [expired, setExpired] = useState(false);
  const devices = useQuery({
    queryKey: ['preopen-phone', 'devices'],
    queryFn: ({ signal }) => call(listPreopenDevices, { signal }),
    refetchInterval: 5000,
  });
  const make = async () => {
    setExpired(false);
    setMade(await call(createPreopenBindCode, {}));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: one code when the dialog opens
  useEffect(() => {
    void make();
  }, []);
  useEffect(() => {
    if (!made) return;
    const timer = setTimeout(() => setExpired(true), Date.parse(made.expiresAt) - Date.now());
    return () => clearTimeout(timer);
  }, [made]);
  const revoke = async (id: number) => {
    await call(revokePreopenDevice, { params: { id } });
    await qc.invalidateQueries({ queryKey: ['preopen-phone', 'devices'] });
  };
  return (
    <AppModal open title={t('preopen.phone.bindTitle')} footer={null} onCancel={onClose}>
      <Space direction="vertical" align="center" style={{ width: '100%' }}>
        <QRCode
          value={made ? absolute(made.url) : '-'}
          status={!made ? 'loading' : expired ? 'expired' : 'active'}
          onRefresh={make}
          size={200}
        />
        <Typography.Text type="secondary">{t('preopen.phone.bindHint')}</Typography.Text>
        <Button onClick={make}>{t('preopen.phone.newCode')}</Button>
      </Space>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('preopen.phone.devices')}
      </Typography.Title>
      {devices.data?.rows.length ? (
        <List
          size="small"
          dataSource={devices.data.rows}
          renderItem={(d) => (
            <List.Item
              actions={[
                <Button key="revoke" type="link" danger size="small" onClick={() => revoke(d.id)}>
                  {t('preopen.phone.revoke')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={d.label ?? t('preopen.phone.device')}
                description={t('preopen.phone.deviceInfo', {
                  created: formatDateTime(d.createdAt),
                  until: formatDateTime(d.expiresAt),
                })}
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preopen.phone.noDevices')} />
      )}
    </AppModal>
  );
}

/** 手机扫码审核: the application's QR for a bound reviewer's phone (in the application's detail). */
export function AppQrButton({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const code = useQuery({
    queryKey: ['preopen-phone', 'app-code', invoiceId],
    queryFn: () => call(getPreopenAppCode, { params: { id: invoiceId } }),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('preopen.phone.appQr')}</Button>
      <AppModal open={open} title={t('preopen.phone.appQr')} footer={null} onCancel={() => setOpen(false)}>
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          <QRCode
            value={code.data ? absolute(code.data.url) : '-'}
            status={code.data ? 'active' : 'loading'}
            size={200}
          />
          <Typography.Text type="secondary">{t('preopen.phone.appQrHint')}</Typography.Text>
        </Space>
      </AppModal>
    </>
  );
}

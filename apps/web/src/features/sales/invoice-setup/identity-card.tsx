import { createInvoicerIdentityLink } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, QRCode, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { call } from '../../../lib/http.ts';
import { useCan } from '../../../lib/permission.tsx';
import { identityQuery, setupKeys } from './setup-api.ts';

type Link = { url: string; expiresAt: string };

/**
 * 开票员身份认证: whether the tax bureau pauses this company's issuing until the invoicer confirms, and the link
 * (with its QR) the invoicer opens on the phone (/validate). The status refreshes while a demand is open, so the
 * card turns green once the phone confirmed.
 */
export function IdentityCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data, isFetching } = useQuery({
    ...identityQuery,
    refetchInterval: (q) => (q.state.data?.state === 'required' ? 5000 : false),
  });
  const canLink = useCan('openerSetup:btn_edit');
  const [link, setLink] = useState<Link | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    try {
      const reply = await call(createInvoicerIdentityLink);
      setLink({ url: `${location.origin}${reply.url}`, expiresAt: reply.expiresAt });
      await qc.invalidateQueries({ queryKey: setupKeys.identity });
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  const required = data?.state === 'required';
  return (
    <Card title={t('invoiceSetup.identity.title')} loading={isFetching && !data} style={{ marginTop: 16 }}>
      {!required ? (
        <Alert
          type="success"
          showIcon
          message={t('invoiceSetup.identity.ok')}
          description={
            data?.confirmedAt
              ? t('invoiceSetup.identity.confirmedAt', { at: formatDateTime(data.confirmedAt) })
              : undefined
          }
        />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert
            type="warning"
            showIcon
            message={t('invoiceSetup.identity.required')}
            description={t('invoiceSetup.identity.requiredHint', {
              at: data.askedAt ? formatDateTime(data.askedAt) : '',
            })}
          />
          {link ? (
            <Space direction="vertical" align="center" style={{ width: '100%' }} data-testid="identity-link">
              <QRCode value={link.url} size={168} />
              <Typography.Paragraph copyable={{ text: link.url }} style={{ marginBottom: 0 }}>
                {t('invoiceSetup.identity.scan')}
              </Typography.Paragraph>
              <Typography.Text type="secondary">
                {t('invoiceSetup.identity.until', { at: formatDateTime(link.expiresAt) })}
              </Typography.Text>
            </Space>
          ) : (
            data.openLink && (
              <Typography.Text type="secondary">
                {t('invoiceSetup.identity.openLink', {
                  at: formatDateTime(data.openLink.expiresAt),
                  n: data.openLink.attemptsLeft,
                })}
              </Typography.Text>
            )
          )}
          {canLink && (
            <Button type="primary" onClick={create} loading={busy}>
              {link || data.openLink ? t('invoiceSetup.identity.newLink') : t('invoiceSetup.identity.link')}
            </Button>
          )}
        </Space>
      )}
    </Card>
  );
}

import { type ScanInvoiceSettings, saveScanInvoiceSettings } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { useCan } from '../../../lib/permission.tsx';
import { ignore, scanInvoiceQuery, titleKeys } from './titles-api.ts';

const SWITCHES = ['enabled', 'titleSearch', 'titleUpload', 'rememberTitles'] as const;

/**
 * Spec §2.12 /systemSetupManager/scanInvoice (扫码开票设置): what buyers see when they scan the company's codes —
 * scan-to-invoice on or off, which title helps are offered, the name, welcome line, notice and hotline.
 */
export default function ScanInvoicePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useQuery(scanInvoiceQuery);
  const [busy, setBusy] = useState(false);
  const canEdit = useCan('scanInvoice:btn_edit');
  if (!data) return <Skeleton active />;

  const submit = (body: ScanInvoiceSettings) => {
    setBusy(true);
    call(saveScanInvoiceSettings, { body })
      .then((reply) => {
        qc.setQueryData(titleKeys.scanInvoice, reply);
        toast.success(t('common.saved'));
      }, ignore)
      .finally(() => setBusy(false));
  };

  const l = (k: string) => t(`titles.scanInvoice.${k}`);
  return (
    <Card title={l('title')}>
      <Typography.Paragraph type="secondary">{l('hint')}</Typography.Paragraph>
      <Form<ScanInvoiceSettings>
        name="scanInvoice"
        labelCol={{ flex: '180px' }}
        initialValues={data}
        onFinish={submit}
        disabled={!canEdit}
        style={{ maxWidth: 760 }}
      >
        {SWITCHES.map((k) => (
          <Form.Item key={k} name={k} label={l(k)} valuePropName="checked" extra={l(`${k}Hint`)}>
            <Switch />
          </Form.Item>
        ))}
        <Form.Item name="shopName" label={l('shopName')} extra={l('shopNameHint')}>
          <Input maxLength={40} showCount />
        </Form.Item>
        <Form.Item name="welcome" label={l('welcome')}>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item name="notice" label={l('notice')}>
          <Input.TextArea maxLength={500} showCount rows={4} />
        </Form.Item>
        <Form.Item name="contactPhone" label={l('contactPhone')}>
          <Input maxLength={30} style={{ maxWidth: 240 }} />
        </Form.Item>
        {canEdit && (
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}

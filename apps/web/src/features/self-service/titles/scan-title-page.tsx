import { type ScanTitleSettings, saveScanTitleSettings } from '@fpy/contracts';
import {
  APPROVAL_MODES,
  BUYER_CHANNELS,
  FIELD_NEEDS,
  FORM_FIELDS,
  formatYuan,
  parseYuan,
  SELF_SERVICE_INVOICE_TYPES,
} from '@fpy/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Input, Radio, Select, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoiceTypeName } from '../../../entities/invoice/invoice-type.ts';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { useCan } from '../../../lib/permission.tsx';
import { ignore, scanTitleQuery, titleKeys } from './titles-api.ts';

/** The form's values: the settings with the approval cap as yuan text (the stored value is integer fen). */
type Values = Omit<ScanTitleSettings, 'approval'> & {
  approvalMode: (typeof APPROVAL_MODES)[number];
  capYuan?: string;
};

const toValues = (s: ScanTitleSettings): Values => {
  const { approval, ...rest } = s;
  return {
    ...rest,
    approvalMode: approval.mode,
    capYuan: approval.mode === 'auto_below' ? formatYuan(approval.capFen) : undefined,
  };
};

/**
 * Spec §2.12 /systemSetupManager/scanTitle (扫码抬头设置): the buyer form of scan-to-invoice — which fields a buyer
 * must or may fill, the invoice types offered and the default one, personal titles, how asks are approved and
 * how the invoice reaches the buyer. Scan orders and code boards check every title against it.
 */
export default function ScanTitlePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useQuery(scanTitleQuery);
  const [busy, setBusy] = useState(false);
  const canEdit = useCan('scanTitle:btn_edit');
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('approvalMode', form);
  const types = Form.useWatch('invoiceTypes', form);
  if (!data) return <Skeleton active />;

  const submit = ({ approvalMode, capYuan, ...rest }: Values) => {
    const capFen = approvalMode === 'auto_below' ? parseYuan(capYuan ?? '') : null;
    const approval =
      approvalMode === 'auto_below' ? { mode: approvalMode, capFen: capFen ?? 0 } : { mode: approvalMode };
    setBusy(true);
    call(saveScanTitleSettings, { body: { ...rest, approval } as ScanTitleSettings })
      .then((reply) => {
        qc.setQueryData(titleKeys.scanTitle, reply);
        toast.success(t('common.saved'));
      }, ignore)
      .finally(() => setBusy(false));
  };

  const l = (k: string) => t(`titles.scanTitle.${k}`);
  return (
    <Card title={l('title')}>
      <Typography.Paragraph type="secondary">{l('hint')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        name="scanTitle"
        layout="vertical"
        initialValues={toValues(data)}
        onFinish={submit}
        disabled={!canEdit}
        style={{ maxWidth: 760 }}
      >
        {FORM_FIELDS.map((k) => (
          <Form.Item key={k} name={['fields', k]} label={l(`fields.${k}`)}>
            <Radio.Group
              optionType="button"
              options={FIELD_NEEDS.map((n) => ({ value: n, label: l(`needs.${n}`) }))}
            />
          </Form.Item>
        ))}
        <Form.Item
          name="invoiceTypes"
          label={l('invoiceTypes')}
          rules={[{ required: true, type: 'array', min: 1, message: l('invoiceTypesRequired') }]}
        >
          <Checkbox.Group
            options={SELF_SERVICE_INVOICE_TYPES.map((v) => ({ value: v, label: invoiceTypeName(t, v) }))}
          />
        </Form.Item>
        <Form.Item
          name="defaultInvoiceType"
          label={l('defaultInvoiceType')}
          dependencies={['invoiceTypes']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                (getFieldValue('invoiceTypes') ?? []).includes(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(l('defaultNotOffered'))),
            }),
          ]}
        >
          <Select
            style={{ maxWidth: 320 }}
            options={(types ?? data.invoiceTypes).map((v) => ({ value: v, label: invoiceTypeName(t, v) }))}
          />
        </Form.Item>
        <Form.Item
          name="naturalPersonAllowed"
          label={l('naturalPersonAllowed')}
          valuePropName="checked"
          extra={l('naturalPersonHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="approvalMode" label={l('approval')}>
          <Radio.Group options={APPROVAL_MODES.map((m) => ({ value: m, label: l(`approvals.${m}`) }))} />
        </Form.Item>
        {mode === 'auto_below' && (
          <Form.Item
            name="capYuan"
            label={l('capYuan')}
            rules={[
              {
                validator: (_, v) => {
                  const fen = parseYuan(String(v ?? ''));
                  return fen !== null && fen > 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(l('capInvalid')));
                },
              },
            ]}
          >
            <Input addonAfter={l('yuan')} style={{ maxWidth: 240 }} />
          </Form.Item>
        )}
        <Form.Item name="channels" label={l('channels')} extra={l('channelsHint')}>
          <Checkbox.Group
            options={BUYER_CHANNELS.map((c) => ({ value: c, label: l(`channelNames.${c}`) }))}
          />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

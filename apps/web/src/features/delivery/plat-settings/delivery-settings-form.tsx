import { type DeliverySettings, saveDeliverySettings } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, InputNumber, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { useCan } from '../../../lib/permission.tsx';
import { deliverySettingsQuery, ignore, platKeys } from './plat-api.ts';

const SWITCHES = ['autoEmail', 'autoSms', 'attachXml', 'deliverRed'] as const;

/** What the dispatcher does after an invoice is issued (tenant_parameters 'delivery'). */
export function DeliverySettingsForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useQuery(deliverySettingsQuery);
  const [busy, setBusy] = useState(false);
  const canEdit = useCan('zzsdzfp:btn_edit');
  if (!data) return <Skeleton active />;

  const submit = (body: DeliverySettings) => {
    setBusy(true);
    call(saveDeliverySettings, { body })
      .then((reply) => {
        qc.setQueryData(platKeys.delivery, reply);
        toast.success(t('common.saved'));
      }, ignore)
      .finally(() => setBusy(false));
  };

  return (
    <Form<DeliverySettings>
      name="deliverySettings"
      labelCol={{ flex: '200px' }}
      initialValues={data}
      onFinish={submit}
      disabled={!canEdit}
      style={{ maxWidth: 760 }}
    >
      {SWITCHES.map((k) => (
        <Form.Item
          key={k}
          name={k}
          label={t(`plat.delivery.${k}`)}
          valuePropName="checked"
          extra={t(`plat.delivery.${k}Hint`)}
        >
          <Switch />
        </Form.Item>
      ))}
      <Form.Item
        name="linkTtlDays"
        label={t('plat.delivery.linkTtlDays')}
        extra={t('plat.delivery.linkTtlDaysHint')}
        rules={[{ required: true, message: t('common.required', { field: t('plat.delivery.linkTtlDays') }) }]}
      >
        <InputNumber
          min={0}
          max={3650}
          precision={0}
          addonAfter={t('plat.delivery.days')}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item
        name="attachMaxKb"
        label={t('plat.delivery.attachMaxKb')}
        extra={t('plat.delivery.attachMaxKbHint')}
        rules={[{ required: true, message: t('common.required', { field: t('plat.delivery.attachMaxKb') }) }]}
      >
        <InputNumber min={0} max={20480} precision={0} addonAfter="KB" style={{ width: 200 }} />
      </Form.Item>
      {canEdit && (
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}

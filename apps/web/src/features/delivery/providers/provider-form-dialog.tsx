import {
  initialSettings,
  KINDS_OF_CHANNEL,
  type MessageChannel,
  PROVIDER_SETTINGS,
  type ProviderBodyInput,
  type ProviderKind,
  type ProviderRow,
} from '@fpy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { providerKeys, routesOf } from './providers-api.ts';
import { useSecureFollowsPort } from '../../../lib/secure-follows-port.ts';
import { SettingsFields } from '../../../lib/settings-fields.tsx';

interface Values {
  kind: ProviderKind;
  name: string;
  priority: number;
  weight: number;
  enabled: boolean;
  remark?: string | null;
  config: Record<string, unknown>;
}

/** What a new account of `kind` starts with (the schema's defaults and the meta's first choices, shown). */
const defaultConfig = (kind: ProviderKind) => initialSettings(PROVIDER_SETTINGS[kind]);

/** Add or edit one account of `channel`; `row` undefined = closed, null = new. */
export function ProviderFormDialog({
  channel,
  row,
  onClose,
}: {
  channel: MessageChannel;
  row: ProviderRow | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const open = row !== undefined;
  const kinds = KINDS_OF_CHANNEL[channel];
  const kind = (Form.useWatch('kind', form) ?? row?.kind ?? kinds[0]) as ProviderKind;
  const securePort = useSecureFollowsPort(form, ['config']);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    securePort.reset();
    const initialKind = row?.kind ?? kinds[0];
    form.setFieldsValue({
      kind: initialKind,
      name: row?.name ?? '',
      priority: row?.priority ?? 10,
      weight: row?.weight ?? 1,
      enabled: row?.enabled ?? true,
      remark: row?.remark ?? '',
      config: row ? { ...row.config } : defaultConfig(initialKind),
    });
  }, [open, row, form, kinds, securePort.reset]);

  const changeKind = (next: ProviderKind) => {
    // Another kind has other settings: start from its defaults (a secret of the old kind never carries over).
    form.setFieldValue('config', row?.kind === next ? { ...row.config } : defaultConfig(next));
  };

  const submit = async (v: Values) => {
    const body = {
      kind: v.kind,
      name: v.name,
      priority: v.priority,
      weight: v.weight,
      enabled: v.enabled,
      remark: v.remark || null,
      config: v.config ?? {},
    } as ProviderBodyInput;
    const routes = routesOf(channel);
    setBusy(true);
    try {
      if (row) await call(routes.update, { params: { id: row.id }, body });
      else await call(routes.create, { body });
      toast.success(t('deliveryProviders.saved'));
      await qc.invalidateQueries({ queryKey: providerKeys.list(channel) });
      onClose();
    } catch {
      // Shown by the shared client (the server names the field).
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      open={open}
      width={640}
      title={t(row ? 'deliveryProviders.editTitle' : 'deliveryProviders.addTitle')}
      okText={t('deliveryProviders.save')}
      cancelText={t('deliveryProviders.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="message-provider"
        onFinish={submit}
        onValuesChange={securePort.onValuesChange}
      >
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item name="kind" label={t('deliveryProviders.kind')} rules={[{ required: true }]}>
              <Select
                onChange={changeKind}
                options={kinds.map((k) => ({ value: k, label: t(`deliveryProviders.kinds.${k}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item
              name="name"
              label={t('deliveryProviders.name')}
              rules={[{ required: true, whitespace: true, message: t('deliveryProviders.nameRequired') }]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item
              name="priority"
              label={t('deliveryProviders.priority')}
              extra={t('deliveryProviders.priorityHelp')}
            >
              <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="weight"
              label={t('deliveryProviders.weight')}
              extra={t('deliveryProviders.weightHelp')}
            >
              <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="enabled" label={t('deliveryProviders.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <SettingsFields
          fields={PROVIDER_SETTINGS[kind]}
          at={['config']}
          editing={!!row && row.kind === kind}
        />
        <Form.Item name="remark" label={t('deliveryProviders.remark')}>
          <Input.TextArea rows={2} maxLength={255} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

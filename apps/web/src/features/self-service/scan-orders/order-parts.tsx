import type { OrderRow, OrderViewState, RequestState } from '@fpy/contracts';
import { parseYuan, rateLabel, TaxRate } from '@fpy/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fen } from '../../../entities/invoice/money.ts';
import { TaxCodePickButton } from '../../../entities/tax-code/tax-code-pick-button.tsx';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { createOrder, orderQuery, refreshOrders, saveWindow, windowQuery } from './orders-api.ts';

const STATE_COLOR: Record<OrderViewState, string> = {
  open: 'processing',
  expired: 'default',
  requested: 'warning',
  invoiced: 'success',
  voided: 'error',
};
const REQUEST_COLOR: Record<RequestState, string> = {
  pending: 'warning',
  approved: 'processing',
  rejected: 'error',
  issuing: 'processing',
  issued: 'success',
  failed: 'error',
};

export function OrderStateTag({ state }: { state: OrderViewState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOR[state]}>{t(`scanOrders.state.${state}`)}</Tag>;
}

export function RequestStateTag({ state }: { state: RequestState | null }) {
  const { t } = useTranslation();
  if (!state) return <Typography.Text type="secondary">{t('scanOrders.noRequest')}</Typography.Text>;
  return <Tag color={REQUEST_COLOR[state]}>{t(`scanOrders.requestState.${state}`)}</Tag>;
}

export const linesText = (t: TFunction, r: Pick<OrderRow, 'firstLine' | 'lineCount'>) =>
  r.lineCount > 1 ? t('scanOrders.linesMore', { first: r.firstLine, count: r.lineCount }) : r.firstLine;

/** The order's QR code, its link (copy) and its lines: what the seller prints or sends to the buyer. */
export function OrderQrModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery({ ...orderQuery(id ?? 0), enabled: id !== null });
  return (
    <Modal
      open={id !== null}
      onCancel={onClose}
      footer={null}
      title={t('scanOrders.qrTitle')}
      width={520}
      destroyOnHidden
    >
      {data && (
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <div style={{ display: 'flex', justifyContent: 'center' }}>
            <img
              alt={t('scanOrders.qr')}
              data-testid="order-qr"
              width={220}
              height={220}
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.qrSvg)}`}
            />
          </div>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
            {t('scanOrders.qrHint')}
          </Typography.Paragraph>
          <Typography.Paragraph
            copyable={{ text: data.url, tooltips: [t('scanOrders.copyLink'), t('scanOrders.copied')] }}
            style={{ wordBreak: 'break-all' }}
            data-testid="order-url"
          >
            {data.url}
          </Typography.Paragraph>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('scanOrders.field.externalNo')}>
              {data.externalNo ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('scanOrders.field.state')}>
              <OrderStateTag state={data.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('scanOrders.field.amount')}>{fen(data.amountFen)}</Descriptions.Item>
            <Descriptions.Item label={t('scanOrders.field.expiresAt')}>
              {data.expiresAt ? formatDateTime(data.expiresAt) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('scanOrders.field.buyer')}>{data.buyerName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('scanOrders.field.invoice')}>
              {data.invoiceNumber ?? '—'}
            </Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey={(_, i) => String(i)}
            pagination={false}
            dataSource={data.lines}
            columns={[
              { title: t('scanOrders.field.name'), dataIndex: 'name' },
              {
                title: t('scanOrders.field.rate'),
                dataIndex: 'rate',
                render: (v?: string) => (v ? rateLabel(v as TaxRate) : '—'),
              },
              {
                title: t('scanOrders.field.amount'),
                dataIndex: 'amountFen',
                align: 'right',
                render: (v: number) => fen(v),
              },
            ]}
          />
        </Space>
      )}
    </Modal>
  );
}

const RATE_OPTIONS = Object.values(TaxRate).map((r) => ({ value: r, label: rateLabel(r) }));

interface LineForm {
  name: string;
  amount: string | null;
  rate: TaxRate;
  taxCode?: string;
}
interface CreateForm {
  externalNo?: string;
  remarks?: string;
  lines: LineForm[];
}

/** 新建订单: lines (item, amount in yuan → fen, rate); the server sums them and draws the code. */
export function CreateOrderModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<CreateForm>();
  const [busy, setBusy] = useState(false);
  const lines = Form.useWatch('lines', form) ?? [];
  const total = lines.reduce((s, l) => s + (l?.amount ? (parseYuan(String(l.amount)) ?? 0) : 0), 0);
  const submit = async (v: CreateForm) => {
    setBusy(true);
    try {
      const order = await createOrder({
        origin: 'console',
        ...(v.externalNo?.trim() ? { externalNo: v.externalNo.trim() } : {}),
        remarks: v.remarks?.trim() || null,
        lines: v.lines.map((l) => ({
          name: l.name,
          amountFen: parseYuan(String(l.amount)) ?? 0,
          rate: l.rate,
          ...(l.taxCode?.trim() ? { taxCode: l.taxCode.trim() } : {}),
        })),
      });
      toast.success(t('scanOrders.created'));
      form.resetFields();
      await refreshOrders(qc);
      onCreated(order.id);
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('scanOrders.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('scanOrders.create')}
      confirmLoading={busy}
      width={760}
      destroyOnHidden
    >
      <Form<CreateForm>
        form={form}
        layout="vertical"
        name="scan-order-create"
        onFinish={submit}
        initialValues={{ lines: [{ name: '', amount: null, rate: 'rate_6' }] }}
      >
        <Space style={{ width: '100%' }} align="start">
          <Form.Item name="externalNo" label={t('scanOrders.field.externalNo')}>
            <Input maxLength={64} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="remarks" label={t('scanOrders.field.remarks')}>
            <Input maxLength={200} style={{ width: 380 }} />
          </Form.Item>
        </Space>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item
                    name={[f.name, 'name']}
                    label={t('scanOrders.field.name')}
                    rules={[{ required: true, whitespace: true, message: t('scanOrders.nameRequired') }]}
                  >
                    <Input maxLength={100} style={{ width: 220 }} placeholder="*餐饮服务*餐费" />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'amount']}
                    label={t('scanOrders.field.amount')}
                    rules={[{ required: true, message: t('scanOrders.amountRequired') }]}
                  >
                    <InputNumber<string>
                      stringMode
                      min="0.01"
                      max="999999999999.99"
                      precision={2}
                      style={{ width: 140 }}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'rate']} label={t('scanOrders.field.rate')}>
                    <Select options={RATE_OPTIONS} style={{ width: 90 }} />
                  </Form.Item>
                  {/* Picked from the tax-code catalogue by the line's name (like the invoice form), never typed. */}
                  <Form.Item label={t('scanOrders.field.taxCode')}>
                    <Space.Compact>
                      <Form.Item name={[f.name, 'taxCode']} noStyle>
                        <Input
                          readOnly
                          allowClear
                          style={{ width: 180 }}
                          placeholder={t('scanOrders.pickTaxCode')}
                          data-testid={`order-line-taxcode-${f.name}`}
                        />
                      </Form.Item>
                      <TaxCodePickButton
                        name={lines[f.name]?.name ?? ''}
                        testId={`order-line-pick-${f.name}`}
                        onChoose={(p) =>
                          form.setFieldValue(['lines', f.name], {
                            ...lines[f.name],
                            name: p.name,
                            taxCode: p.taxCode,
                            rate: p.rate,
                          })
                        }
                      />
                    </Space.Compact>
                  </Form.Item>
                  {fields.length > 1 && (
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      {t('scanOrders.removeLine')}
                    </Button>
                  )}
                </Space>
              ))}
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                <Button
                  onClick={() => add({ name: '', amount: null, rate: 'rate_6' })}
                  disabled={fields.length >= 100}
                >
                  {t('scanOrders.addLine')}
                </Button>
                <Typography.Text strong data-testid="order-total">
                  {t('scanOrders.total', { amount: fen(total) })}
                </Typography.Text>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/** 作废 with its reason. */
export function VoidOrderModal({
  order,
  onClose,
  onVoid,
}: {
  order: OrderRow | null;
  onClose: () => void;
  onVoid: (id: number, reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={!!order}
      title={t('scanOrders.voidTitle')}
      onCancel={onClose}
      okButtonProps={{ danger: true, disabled: !reason.trim() }}
      confirmLoading={busy}
      okText={t('scanOrders.void')}
      destroyOnHidden
      onOk={async () => {
        if (!order) return;
        setBusy(true);
        try {
          await onVoid(order.id, reason.trim());
          setReason('');
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography.Paragraph>{t('scanOrders.voidConfirm')}</Typography.Paragraph>
      <Input.TextArea
        aria-label={t('scanOrders.field.voidReason')}
        placeholder={t('scanOrders.field.voidReason')}
        maxLength={100}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}

/** 有效期设置: days after creation or the month's end, for orders created from now on. */
export function WindowModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useQuery({ ...windowQuery, enabled: open });
  const [form] = Form.useForm<{ kind: 'days' | 'month_end'; days?: number }>();
  const kind = Form.useWatch('kind', form);
  return (
    <Modal
      open={open}
      title={t('scanOrders.windowTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {data && (
        <Form
          form={form}
          layout="vertical"
          name="scan-order-window"
          initialValues={{ kind: data.kind, days: data.kind === 'days' ? data.days : 30 }}
          onFinish={async (v) => {
            try {
              await saveWindow(
                v.kind === 'days' ? { kind: 'days', days: v.days ?? 30 } : { kind: 'month_end' },
              );
              toast.success(t('scanOrders.saved'));
              await qc.invalidateQueries({ queryKey: ['scan-orders', 'window'] });
              onClose();
            } catch {
              // Shown by the shared client.
            }
          }}
        >
          <Form.Item name="kind" label={t('scanOrders.windowKind')} extra={t('scanOrders.windowHint')}>
            <Radio.Group
              options={[
                { value: 'days', label: t('scanOrders.windowDays') },
                { value: 'month_end', label: t('scanOrders.windowMonthEnd') },
              ]}
            />
          </Form.Item>
          {kind === 'days' && (
            <Form.Item name="days" label={t('scanOrders.windowDays')} rules={[{ required: true }]}>
              <InputNumber min={1} max={366} precision={0} />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}

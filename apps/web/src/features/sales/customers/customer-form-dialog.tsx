import { createCustomer, type CustomerRow, updateCustomer } from '@fpy/contracts';
import { checkCreditCode, INVOICE_TYPE_RULES, type InvoiceType } from '@fpy/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedInput } from '../../../crud/limited-input.tsx';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { Can } from '../../../lib/permission.tsx';
import { invoiceTypeOptions } from '../invoicing/shared/invoice-type.ts';

type Values = Omit<CustomerRow, 'id' | 'createdAt' | 'updatedAt'>;

/** Live feedback under the tax number; the server applies the same rule (a checksum failure only warns, §5.1). */
function TaxNumberHint({ value, person }: { value?: string | null; person: boolean }) {
  const { t } = useTranslation();
  const code = (value ?? '').trim().toUpperCase();
  if (person || code.length < 15) return null;
  const check = checkCreditCode(code);
  if (check.status === 'malformed')
    return <Typography.Text type="danger">{t('customers.malformed')}</Typography.Text>;
  if (check.status === 'checksum_failed')
    return (
      <Typography.Text type="warning">
        {t('customers.checksum', { expected: check.expectedCheck })}
      </Typography.Text>
    );
  return null;
}

export function CustomerFormDialog({
  open,
  row,
  onClose,
}: {
  open: boolean;
  row: CustomerRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const person = Form.useWatch('naturalPerson', form) ?? false;
  const taxNumber = Form.useWatch('taxNumber', form);
  // §5.3: natural persons may only be invoiced on 普票 types.
  const types = invoiceTypeOptions(t, (r) => !person || r.naturalPersonBuyerAllowed);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(row ?? { naturalPerson: false });
  }, [open, row, form]);

  useEffect(() => {
    const type = form.getFieldValue('defaultInvoiceType') as InvoiceType | null | undefined;
    if (person && type && !INVOICE_TYPE_RULES[type].naturalPersonBuyerAllowed)
      form.setFieldsValue({ defaultInvoiceType: null });
  }, [person, form]);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const body = { ...v, defaultInvoiceType: v.defaultInvoiceType ?? null };
      const res = row
        ? await call(updateCustomer, { params: { id: row.id }, body })
        : await call(createCustomer, { body });
      toast.success(t('customers.saved'));
      for (const w of res.warnings) toast.warning(w);
      await qc.invalidateQueries({ queryKey: ['customers'] });
      onClose();
    } catch {
      // Shown by the shared client (malformed tax number, duplicate …).
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof Values, max: number, span = 12) => (
    <Col span={span}>
      <Form.Item name={name} label={t(`customers.field.${name}`)}>
        <LimitedInput maxLength={max} />
      </Form.Item>
    </Col>
  );
  return (
    <AppModal
      open={open}
      width={760}
      title={t(row ? 'customers.editTitle' : 'customers.addTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('customers.cancel')}</Button>
          <Can code={row ? 'myCustomer:btn_edit' : 'myCustomer:btn_add'}>
            <Button type="primary" loading={busy} onClick={() => form.submit()}>
              {t('customers.save')}
            </Button>
          </Can>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name="customer-form" onFinish={submit}>
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item
              name="name"
              label={t('customers.field.name')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: t('customers.required', { field: t('customers.field.name') }),
                },
              ]}
            >
              <LimitedInput maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="naturalPerson"
              label={t('customers.field.naturalPerson')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="taxNumber"
              label={t('customers.field.taxNumber')}
              rules={[{ required: !person, message: t('customers.taxNumberRequired') }]}
              extra={<TaxNumberHint value={taxNumber} person={person} />}
            >
              <Input maxLength={20} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="defaultInvoiceType" label={t('customers.field.defaultInvoiceType')}>
              <Select allowClear options={types} />
            </Form.Item>
          </Col>
          {field('address', 200, 24)}
          {field('phone', 40)}
          {field('mobile', 11)}
          {field('bank', 100)}
          {field('account', 40)}
          {field('email', 50, 24)}
        </Row>
      </Form>
    </AppModal>
  );
}

import { createPrintSetting, type PrintSettingRow, updatePrintSetting } from '@fpy/contracts';
import type { InvoiceType } from '@fpy/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { formatMm, mmToTenths } from './offsets.ts';
import { setupKeys } from './setup-api.ts';
import { invoiceTypeOptions } from '../../../entities/invoice/invoice-type.ts';

interface Values {
  printerName: string;
  invoiceType: InvoiceType | null;
  /** Millimetres as typed (string mode keeps the one decimal exact). */
  offsetX: string;
  offsetY: string;
  isDefault: boolean;
}

const LIMIT_TENTHS = 500;

/** Add or edit one printer's offsets; `row` undefined = closed, null = new. */
export function PrintSettingDialog({
  row,
  onClose,
}: {
  row: PrintSettingRow | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const open = row !== undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      printerName: row?.printerName ?? '',
      invoiceType: row?.invoiceType ?? null,
      offsetX: formatMm(row?.offsetX ?? 0),
      offsetY: formatMm(row?.offsetY ?? 0),
      isDefault: row?.isDefault ?? false,
    });
  }, [open, row, form]);

  const offsetRules: Rule[] = [
    { required: true, message: t('invoiceSetup.printer.offsetRange') },
    {
      validator: (_, v: string | number | null) => {
        const tenths = mmToTenths(v);
        return tenths !== null && Math.abs(tenths) <= LIMIT_TENTHS
          ? Promise.resolve()
          : Promise.reject(new Error(t('invoiceSetup.printer.offsetRange')));
      },
    },
  ];

  const submit = async (v: Values) => {
    const body = {
      printerName: v.printerName,
      invoiceType: v.invoiceType ?? null,
      offsetX: mmToTenths(v.offsetX) ?? 0,
      offsetY: mmToTenths(v.offsetY) ?? 0,
      isDefault: v.isDefault,
    };
    setBusy(true);
    try {
      if (row) await call(updatePrintSetting, { params: { id: row.id }, body });
      else await call(createPrintSetting, { body });
      toast.success(t('invoiceSetup.saved'));
      await qc.invalidateQueries({ queryKey: setupKeys.printers });
      onClose();
    } catch {
      // Shown by the shared client (duplicate printer, out of range …).
    } finally {
      setBusy(false);
    }
  };

  const offsetInput = (
    <InputNumber<string> stringMode step="0.1" precision={1} min="-50" max="50" style={{ width: 200 }} />
  );
  return (
    <AppModal
      open={open}
      title={t(row ? 'invoiceSetup.printer.editTitle' : 'invoiceSetup.printer.addTitle')}
      okText={t('invoiceSetup.save')}
      cancelText={t('invoiceSetup.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="print-setting" onFinish={submit}>
        <Form.Item
          name="printerName"
          label={t('invoiceSetup.printer.name')}
          rules={[{ required: true, whitespace: true, message: t('invoiceSetup.printer.nameRequired') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="invoiceType" label={t('invoiceSetup.printer.invoiceType')}>
          <Select
            allowClear
            placeholder={t('invoiceSetup.printer.allTypes')}
            options={invoiceTypeOptions(t)}
          />
        </Form.Item>
        <Form.Item
          name="offsetX"
          label={t('invoiceSetup.printer.offsetX')}
          rules={offsetRules}
          extra={t('invoiceSetup.printer.offsetHelp')}
        >
          {offsetInput}
        </Form.Item>
        <Form.Item name="offsetY" label={t('invoiceSetup.printer.offsetY')} rules={offsetRules}>
          {offsetInput}
        </Form.Item>
        <Form.Item name="isDefault" label={t('invoiceSetup.printer.isDefault')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

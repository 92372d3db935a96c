import { insertSkuMap, listCommodities, type SkuMapRow, updateSkuMap } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedInput } from '../../../crud/limited-input.tsx';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { Can } from '../../../lib/permission.tsx';

interface Values {
  productName: string;
  sku: string;
  commodityId: number;
  remark?: string;
}

/** Add or edit one mapping; the commodity is searched among the tenant's goods codes as the user types. */
export function SkuMapDialog({
  open,
  row,
  onClose,
}: {
  open: boolean;
  row: SkuMapRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState('');
  // Silent: a user without the goods-code query right simply gets no choices (the server says so on save).
  const goods = useQuery({
    queryKey: ['goods', 'list', { keyword: search, limit: 20, picker: true }],
    queryFn: () =>
      call(listCommodities, { query: { keyword: search || undefined, limit: 20 }, silent: true }),
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row)
      form.setFieldsValue({
        productName: row.productName,
        sku: row.sku,
        commodityId: row.commodityId,
        remark: row.remark ?? '',
      });
  }, [open, row, form]);

  const options = (goods.data?.rows ?? []).map((c) => ({
    value: c.id,
    label: `${c.ownCode} ${c.printName}`,
  }));
  if (row && !options.some((o) => o.value === row.commodityId))
    options.unshift({ value: row.commodityId, label: `${row.ownCode} ${row.printName}` });

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const body = { ...v, remark: v.remark || null };
      if (row) await call(updateSkuMap, { body: { ...body, id: row.id } });
      else await call(insertSkuMap, { body });
      toast.success(t('goodsCompare.saved'));
      await qc.invalidateQueries({ queryKey: ['goodsCompare'] });
      onClose();
    } catch {
      // Shown by the shared client (SKU taken, commodity gone …).
    } finally {
      setBusy(false);
    }
  };

  const required = (field: string) => [
    { required: true, whitespace: true, message: t('goodsCompare.required', { field: t(field) }) },
  ];
  return (
    <AppModal
      open={open}
      title={t(row ? 'goodsCompare.editTitle' : 'goodsCompare.addTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('goodsCompare.cancel')}</Button>
          <Can code={row ? 'goodsCompare:btn_edit' : 'goodsCompare:btn_add'}>
            <Button type="primary" loading={busy} onClick={() => form.submit()}>
              {t('goodsCompare.save')}
            </Button>
          </Can>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name="goods-compare-form" onFinish={submit}>
        <Form.Item
          name="productName"
          label={t('goodsCompare.productName')}
          rules={required('goodsCompare.productName')}
        >
          <LimitedInput maxLength={200} />
        </Form.Item>
        <Form.Item
          name="sku"
          label="SKU"
          rules={[
            { required: true, whitespace: true, message: t('goodsCompare.required', { field: 'SKU' }) },
          ]}
        >
          <LimitedInput maxLength={64} />
        </Form.Item>
        <Form.Item
          name="commodityId"
          label={t('goodsCompare.commodity')}
          rules={[
            { required: true, message: t('goodsCompare.required', { field: t('goodsCompare.commodity') }) },
          ]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={goods.isFetching}
            options={options}
            placeholder={t('goodsCompare.commodityHint')}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('goodsCompare.remark')}>
          <LimitedInput maxLength={255} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

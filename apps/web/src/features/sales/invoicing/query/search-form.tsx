import type { InvoiceQueryFilters } from '@fpy/contracts';
import { INVOICE_STATUSES } from '@fpy/domain';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, datePresets } from '../../../../lib/format.ts';
import { invoiceTypeOptions } from '../../../../entities/invoice/invoice-type.ts';
import { CategoryFilter } from './category/category-filter.tsx';

export type Filters = Omit<InvoiceQueryFilters, 'tenantId'>;

interface FormValues {
  dates?: [Dayjs | null, Dayjs | null] | null;
  number?: string;
  buyer?: string;
  type?: Filters['type'];
  status?: Filters['status'];
  amountMin?: string;
  amountMax?: string;
  drawer?: string;
  categoryId?: Filters['categoryId'];
}

const blankToUndefined = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);

/** The form's values as the list route's filters (dates as yyyy-MM-dd in China time, money as typed yuan). */
export function toFilters(v: FormValues): Filters {
  return {
    dateFrom: v.dates?.[0]?.format(DATE_FORMAT),
    dateTo: v.dates?.[1]?.format(DATE_FORMAT),
    number: blankToUndefined(v.number),
    buyer: blankToUndefined(v.buyer),
    type: v.type,
    status: v.status?.length ? v.status : undefined,
    amountMin: blankToUndefined(v.amountMin),
    amountMax: blankToUndefined(v.amountMax),
    drawer: blankToUndefined(v.drawer),
    categoryId: v.categoryId,
  };
}

const AMOUNT = /^-?\d{0,12}(\.\d{0,2})?$/;

export function InvoiceSearchForm({ onSearch }: { onSearch: (f: Filters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const amountRule = { pattern: AMOUNT, message: t('invoiceQuery.amountInvalid') };
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      style={{ rowGap: 12, marginBottom: 16 }}
      onFinish={(v) => onSearch(toFilters(v))}
    >
      <Form.Item name="dates" label={t('invoiceQuery.issueDate')}>
        <DatePicker.RangePicker presets={datePresets()} allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item
        name="number"
        label={t('invoiceQuery.number')}
        rules={[{ pattern: /^\d{0,20}$/, message: t('invoiceQuery.numberInvalid') }]}
      >
        <Input allowClear maxLength={20} placeholder={t('invoiceQuery.numberHint')} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="buyer" label={t('invoiceQuery.buyer')}>
        <Input allowClear maxLength={100} placeholder={t('invoiceQuery.buyerHint')} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="type" label={t('invoiceQuery.type')}>
        <Select allowClear style={{ width: 240 }} options={invoiceTypeOptions(t)} />
      </Form.Item>
      <Form.Item name="status" label={t('invoiceQuery.status')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          style={{ width: 240 }}
          options={INVOICE_STATUSES.filter((s) => s !== 'draft').map((v) => ({
            value: v,
            label: t(`invoiceStatus.${v}`),
          }))}
        />
      </Form.Item>
      <Form.Item label={t('invoiceQuery.amountRange')}>
        <Space.Compact>
          <Form.Item name="amountMin" noStyle rules={[amountRule]}>
            <Input allowClear style={{ width: 120 }} placeholder={t('invoiceQuery.amountMin')} />
          </Form.Item>
          <Form.Item name="amountMax" noStyle rules={[amountRule]}>
            <Input allowClear style={{ width: 120 }} placeholder={t('invoiceQuery.amountMax')} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="drawer" label={t('invoiceQuery.drawer')}>
        <Input allowClear maxLength={50} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="categoryId" label={t('invoiceCategory.filter')}>
        <CategoryFilter />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('invoiceQuery.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('invoiceQuery.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

import { INVOICE_STATUSES } from '@fpy/domain';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, datePresets } from '../../../../lib/format.ts';

export interface ReviewFilterValues {
  applicant?: string;
  buyer?: string;
  dateFrom?: string;
  dateTo?: string;
  number?: string;
  status?: (typeof INVOICE_STATUSES)[number];
}

interface FormValues {
  applicant?: string;
  buyer?: string;
  range?: [Dayjs, Dayjs] | null;
  number?: string;
  status?: ReviewFilterValues['status'];
}

const blank = (v?: string) => v?.trim() || undefined;

/** The filters of both 预开 pages; the record page adds the invoice number and the current state. */
export function ReviewFilters({
  withRecordFields = false,
  onSearch,
}: {
  withRecordFields?: boolean;
  onSearch: (values: ReviewFilterValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const submit = (v: FormValues) =>
    onSearch({
      applicant: blank(v.applicant),
      buyer: blank(v.buyer),
      dateFrom: v.range?.[0]?.format(DATE_FORMAT),
      dateTo: v.range?.[1]?.format(DATE_FORMAT),
      number: blank(v.number),
      status: v.status,
    });
  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item name="applicant">
        <Input allowClear placeholder={t('preopen.filter.applicant')} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="buyer">
        <Input allowClear placeholder={t('preopen.filter.buyer')} style={{ width: 200 }} />
      </Form.Item>
      {withRecordFields && (
        <>
          <Form.Item name="number">
            <Input allowClear placeholder={t('preopen.filter.number')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="status">
            <Select
              allowClear
              placeholder={t('preopen.filter.status')}
              style={{ width: 130 }}
              options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`invoiceStatus.${s}`) }))}
            />
          </Form.Item>
        </>
      )}
      <Form.Item name="range" label={t('preopen.filter.appliedDate')}>
        <DatePicker.RangePicker presets={datePresets()} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('preopen.filter.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              submit({});
            }}
          >
            {t('preopen.filter.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

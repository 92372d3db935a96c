import {
  getPrintableInvoices,
  type InvoiceDetail,
  type listPrintableInvoices,
  MAX_PRINT_BATCH,
  PRINTABLE_STATUSES,
  type PrintSettingRow,
} from '@fpy/contracts';
import type { InvoiceType } from '@fpy/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, type TableProps, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { toast } from '../../../lib/feedback.ts';
import { datePresets } from '../../../lib/format.ts';
import { type CallReply, call } from '../../../lib/http.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { Can, useCan } from '../../../lib/permission.tsx';
import { InvoiceFace } from '../../../entities/invoice/face/invoice-face.tsx';
import { invoiceColumns } from '../../../entities/invoice/invoice-columns.tsx';
import { formatMm, tenthsToMm } from './offsets.ts';
import { type PrintJob, PrintJobRunner } from './print-job.tsx';
import { type PrintableQuery, printableQuery, printersQuery } from './setup-api.ts';
import { invoiceTypeOptions } from '../../../entities/invoice/invoice-type.ts';

type Row = CallReply<typeof listPrintableInvoices>['rows'][number];

interface Filters {
  number?: string;
  buyerName?: string;
  type?: InvoiceType;
  status?: (typeof PRINTABLE_STATUSES)[number];
  dates?: [Dayjs, Dayjs] | null;
}

const NO_PRINTER = 0;

/** The printer preselected: the default one for every type, else any default, else none. */
function defaultPrinter(rows: PrintSettingRow[]): number {
  const d = rows.find((r) => r.isDefault && r.invoiceType === null) ?? rows.find((r) => r.isDefault);
  return d?.id ?? NO_PRINTER;
}

/** Spec §2.12 /outputInvoiceManager/invoicePrint: choose issued invoices, preview and print them with a printer's offsets. */
export default function InvoicePrintPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<PrintableQuery>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const query = { ...filters, ...paging };
  const { data, isFetching } = useQuery(printableQuery(query));
  const { data: printers } = useQuery(printersQuery);
  const [printerId, setPrinterId] = useState<number | undefined>(undefined);
  const [selected, setSelected] = useState<number[]>([]);
  const [preview, setPreview] = useState<InvoiceDetail[] | null>(null);
  const [job, setJob] = useState<PrintJob | null>(null);
  const [busy, setBusy] = useState(false);
  const canPrint = useCan('invoicePrint:btn_print');

  useEffect(() => {
    if (printerId === undefined && printers) setPrinterId(defaultPrinter(printers.rows));
  }, [printers, printerId]);
  const printer = printers?.rows.find((r) => r.id === printerId);
  const offset = { x: tenthsToMm(printer?.offsetX ?? 0), y: tenthsToMm(printer?.offsetY ?? 0) };

  const search = (f: Filters) => {
    setFilters({
      number: f.number?.trim() || undefined,
      buyerName: f.buyerName?.trim() || undefined,
      type: f.type,
      status: f.status,
      dateFrom: f.dates?.[0]?.format('YYYY-MM-DD'),
      dateTo: f.dates?.[1]?.format('YYYY-MM-DD'),
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };

  /** Details of the selection in the order ticked; null when nothing (or too much) is selected. */
  const loadSelected = async (): Promise<InvoiceDetail[] | null> => {
    if (!selected.length) {
      toast.warning(t('invoiceSetup.print.selectFirst'));
      return null;
    }
    if (selected.length > MAX_PRINT_BATCH) {
      toast.warning(t('invoiceSetup.print.tooMany', { max: MAX_PRINT_BATCH }));
      return null;
    }
    setBusy(true);
    try {
      return await call(getPrintableInvoices, { query: { ids: selected.join(',') } });
    } catch {
      return null;
    } finally {
      setBusy(false);
    }
  };

  const print = async (invoices?: InvoiceDetail[] | null) => {
    const list = invoices ?? (await loadSelected());
    if (!list) return;
    setBusy(true);
    setJob({ title: t('invoiceSetup.print.print'), invoices: list, offset });
  };
  const printed = useCallback(() => {
    setJob(null);
    setBusy(false);
  }, []);

  const col = invoiceColumns<Row>(t);
  const columns: TableProps<Row>['columns'] = [
    col('number', { sorter: true, width: 200 }),
    col('buyerName', { title: t('invoiceSetup.print.buyerName') }),
    col('type'),
    col('status', { width: 100 }),
    col('totalFen', { sorter: true }),
    col('drawer', { width: 100 }),
    col('issuedAt', { sorter: true, width: 180 }),
  ];

  return (
    <Card>
      <Form
        form={form}
        layout="inline"
        name="invoice-print-filters"
        onFinish={search}
        style={{ rowGap: 8, marginBottom: 16 }}
      >
        <Form.Item name="number" label={t('invoiceSetup.print.number')}>
          <Input allowClear maxLength={20} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="buyerName" label={t('invoiceSetup.print.buyerName')}>
          <Input allowClear maxLength={100} />
        </Form.Item>
        <Form.Item name="type" label={t('invoiceSetup.print.type')}>
          <Select allowClear style={{ width: 220 }} options={invoiceTypeOptions(t)} />
        </Form.Item>
        <Form.Item name="status" label={t('invoiceSetup.print.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={PRINTABLE_STATUSES.map((s) => ({ value: s, label: t(`invoiceStatus.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('invoiceSetup.print.dateRange')}>
          <DatePicker.RangePicker presets={datePresets()} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('invoiceSetup.print.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search({});
            }}
          >
            {t('invoiceSetup.print.reset')}
          </Button>
        </Space>
      </Form>

      <Space style={{ marginBottom: 16 }} wrap>
        <span>{t('invoiceSetup.print.printer')}</span>
        <Select
          style={{ width: 240 }}
          value={printerId}
          onChange={setPrinterId}
          data-testid="printer-select"
          options={[
            { value: NO_PRINTER, label: t('invoiceSetup.print.noPrinter') },
            ...(printers?.rows ?? []).map((r) => ({ value: r.id, label: r.printerName })),
          ]}
        />
        <Typography.Text type="secondary">
          {t('invoiceSetup.print.offsetNote', {
            x: formatMm(printer?.offsetX ?? 0),
            y: formatMm(printer?.offsetY ?? 0),
          })}
        </Typography.Text>
        <Button loading={busy && !job} onClick={async () => setPreview(await loadSelected())}>
          {t('invoiceSetup.print.preview')}
        </Button>
        <Can code="invoicePrint:btn_print">
          <Button type="primary" loading={busy} onClick={() => void print()} data-testid="print-selected">
            {t('invoiceSetup.print.print')}
          </Button>
        </Can>
        <Typography.Text>{t('invoiceSetup.print.selected', { count: selected.length })}</Typography.Text>
      </Space>

      <PagedTable<Row>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as number[]),
        }}
      />

      <AppModal
        open={preview !== null}
        title={t('invoiceSetup.print.previewTitle', { count: preview?.length ?? 0 })}
        width="calc(210mm + 96px)"
        onCancel={() => setPreview(null)}
        okText={t('invoiceSetup.print.print')}
        cancelText={t('invoiceSetup.cancel')}
        okButtonProps={{ disabled: busy, style: canPrint ? undefined : { display: 'none' } }}
        onOk={() => {
          const list = preview;
          setPreview(null);
          void print(list);
        }}
      >
        <Space direction="vertical" size={16} style={{ width: '100%', overflowX: 'auto' }}>
          {(preview ?? []).map((inv) => (
            <div key={inv.id} style={{ border: '1px dashed #ccc', width: '210mm', overflow: 'hidden' }}>
              <InvoiceFace invoice={inv} offset={offset} />
            </div>
          ))}
        </Space>
      </AppModal>
      <PrintJobRunner job={job} onDone={printed} />
    </Card>
  );
}

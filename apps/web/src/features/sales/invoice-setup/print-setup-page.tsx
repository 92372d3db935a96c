import { deletePrintSetting, type PrintSettingRow } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../crud/row-actions.tsx';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { call } from '../../../lib/http.ts';
import { Can } from '../../../lib/permission.tsx';
import { printHtml } from '../../../lib/print.ts';
import { formatMm, tenthsToMm } from './offsets.ts';
import { alignmentGrid } from './print-document.ts';
import { PrintSettingDialog } from './print-setting-dialog.tsx';
import { printersQuery, setupKeys } from './setup-api.ts';
import { invoiceTypeName } from '../../../entities/invoice/invoice-type.ts';

/** Spec §2.12 /outputInvoiceManager/printSetup: printers with their offsets, and an alignment test page. */
export default function PrintSetupPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data, isFetching } = useQuery(printersQuery);
  const [dialog, setDialog] = useState<PrintSettingRow | null | undefined>(undefined);

  const remove = (r: PrintSettingRow) =>
    call(deletePrintSetting, { params: { id: r.id } }).then(
      async () => {
        toast.success(t('invoiceSetup.deleted'));
        await qc.invalidateQueries({ queryKey: setupKeys.printers });
      },
      () => undefined,
    );

  const testPrint = (r: PrintSettingRow) =>
    printHtml(
      alignmentGrid({
        title: t('invoiceSetup.printer.testTitle', { name: r.printerName }),
        legend: t('invoiceSetup.printer.testLegend'),
        offsetXmm: tenthsToMm(r.offsetX),
        offsetYmm: tenthsToMm(r.offsetY),
      }),
    );

  const mm = (v: number) => t('invoiceSetup.printer.mm', { value: formatMm(v) });
  const columns: TableColumnsType<PrintSettingRow> = [
    {
      title: t('invoiceSetup.printer.name'),
      dataIndex: 'printerName',
      render: (v: string, r) => (
        <Space>
          {v}
          {r.isDefault && <Tag color="blue">{t('invoiceSetup.opener.defaultTag')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('invoiceSetup.printer.invoiceType'),
      dataIndex: 'invoiceType',
      render: (v: PrintSettingRow['invoiceType']) =>
        v ? invoiceTypeName(t, v) : t('invoiceSetup.printer.allTypes'),
    },
    { title: t('invoiceSetup.printer.offsetXShort'), dataIndex: 'offsetX', width: 130, render: mm },
    { title: t('invoiceSetup.printer.offsetYShort'), dataIndex: 'offsetY', width: 130, render: mm },
    {
      title: t('invoiceSetup.updatedAt'),
      dataIndex: 'updatedAt',
      width: 180,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('invoiceSetup.actions'),
      key: 'actions',
      width: 220,
      render: (_, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => void testPrint(r)}>
            {t('invoiceSetup.printer.testPrint')}
          </Button>
          <RowActions
            edit={{ code: 'printSetup:btn_edit', onClick: () => setDialog(r) }}
            remove={{
              code: 'printSetup:btn_del',
              confirm: t('invoiceSetup.printer.confirmDelete', { name: r.printerName }),
              onConfirm: () => remove(r),
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <Can code="printSetup:btn_add">
          <Button type="primary" onClick={() => setDialog(null)}>
            {t('invoiceSetup.printer.addTitle')}
          </Button>
        </Can>
      </Space>
      <Table<PrintSettingRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={false}
      />
      <PrintSettingDialog row={dialog} onClose={() => setDialog(undefined)} />
    </Card>
  );
}

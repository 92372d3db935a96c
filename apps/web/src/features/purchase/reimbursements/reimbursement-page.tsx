import type { ExpenseClaimView } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Input, Modal, Segmented, Space, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../crud/paged-table.tsx';
import { fen } from '../../../entities/invoice/money.ts';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Can } from '../../../lib/permission.tsx';
import { ClaimDrawer } from './claim-drawer.tsx';
import { claimQuery, claimsQuery, refreshClaims, withdraw } from './claims-api.ts';

/**
 * Spec §2.12 /receiptsInvoice/invoiceReimbursement (发票报销): employees file expense claims with the invoices they
 * spent; each invoice is checked with the bureau and reimbursed once — a second claim is refused with the claim, the
 * person and the time that hold it. Claims can be withdrawn (the invoices are let go).
 */
export default function ReimbursementPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [mine, setMine] = useState<'1' | '0'>('0');
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 20 });
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [withdrawing, setWithdrawing] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const { data, isFetching } = useQuery(claimsQuery({ mine, page: paging.page, limit: paging.limit }));

  const doWithdraw = async () => {
    if (withdrawing === null || !reason.trim()) return;
    try {
      await withdraw(withdrawing, reason.trim());
      toast.success(t('reimbursement.withdrawn'));
      setWithdrawing(null);
      setReason('');
      await refreshClaims(qc);
    } catch {
      // Shown by the shared client.
    }
  };

  const columns: TableProps<ExpenseClaimView>['columns'] = [
    { title: t('reimbursement.field.claimNo'), dataIndex: 'claimNo' },
    { title: t('reimbursement.field.title'), dataIndex: 'title' },
    { title: t('reimbursement.field.claimant'), dataIndex: 'claimantName' },
    { title: t('reimbursement.field.invoiceCount'), dataIndex: 'invoiceCount' },
    {
      title: t('reimbursement.field.total'),
      dataIndex: 'totalFen',
      align: 'right',
      render: (v: number) => fen(v),
    },
    {
      title: t('reimbursement.field.state'),
      dataIndex: 'state',
      render: (v: string) => (
        <Tag color={v === 'submitted' ? 'success' : 'default'}>{t(`reimbursement.state.${v}`)}</Tag>
      ),
    },
    {
      title: t('reimbursement.field.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('reimbursement.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(r.id)}>
            {t('reimbursement.detail')}
          </Button>
          {r.state === 'submitted' && (
            <Can code="invoiceReimbursement:btn_withdraw">
              <Button type="link" size="small" danger onClick={() => setWithdrawing(r.id)}>
                {t('reimbursement.withdraw')}
              </Button>
            </Can>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space style={{ marginBottom: 12 }}>
        <Can code="invoiceReimbursement:btn_add">
          <Button type="primary" onClick={() => setCreating(true)} data-testid="claim-new">
            {t('reimbursement.new')}
          </Button>
        </Can>
        <Segmented
          value={mine}
          onChange={(v) => {
            setMine(v as '1' | '0');
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={[
            { value: '0', label: t('reimbursement.all') },
            { value: '1', label: t('reimbursement.mine') },
          ]}
        />
      </Space>
      <PagedTable<ExpenseClaimView>
        columns={columns}
        data={data}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
      />
      <ClaimDrawer
        open={creating}
        onClose={() => setCreating(false)}
        onDone={async () => {
          setCreating(false);
          toast.success(t('reimbursement.submitted'));
          await refreshClaims(qc);
        }}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={760}
        title={t('reimbursement.detail')}
        destroyOnHidden
      >
        {open !== null && <ClaimDetail id={open} />}
      </Drawer>
      <Modal
        open={withdrawing !== null}
        title={t('reimbursement.withdraw')}
        onCancel={() => setWithdrawing(null)}
        onOk={doWithdraw}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label={t('reimbursement.field.reason')}
          placeholder={t('reimbursement.field.reason')}
          maxLength={100}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Card>
  );
}

function ClaimDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data } = useQuery(claimQuery(id));
  if (!data) return null;
  return (
    <Table
      size="small"
      rowKey="invoiceKey"
      pagination={false}
      dataSource={data.invoices}
      columns={[
        { title: t('reimbursement.field.code'), dataIndex: 'code', render: (v: string | null) => v ?? '—' },
        { title: t('reimbursement.field.number'), dataIndex: 'number' },
        { title: t('reimbursement.field.issueDate'), dataIndex: 'issueDate' },
        { title: t('reimbursement.field.seller'), dataIndex: 'sellerName' },
        {
          title: t('reimbursement.field.total'),
          dataIndex: 'totalFen',
          align: 'right',
          render: (v: number) => fen(v),
        },
      ]}
    />
  );
}

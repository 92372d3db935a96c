import type { RedFormDetail } from '@fpy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format.ts';
import { fen } from '../../../../entities/invoice/money.ts';
import { InvoiceStatusTag } from '../../../../entities/invoice/status-tag.tsx';
import { DeadlineCountdown } from '../shared/deadline-countdown.tsx';
import { FormStateTag } from '../shared/form-state-tag.tsx';
import { redFormQuery } from '../shared/queries.ts';
import { RedInvoiceLink } from '../shared/red-invoice-link.tsx';
import { FormActions } from './form-actions.tsx';

type Line = RedFormDetail['lines'][number];

/** One 确认单 in full: its lines (positive, what is reversed), the blue invoice, the red invoice. */
export function FormDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: f } = useQuery({ ...redFormQuery(id ?? 0), enabled: id !== null });
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={t('redLetter.details.drawer')}
      destroyOnHidden
    >
      {f ? (
        <>
          <Descriptions size="small" bordered column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('redLetter.form.formNo')}>{f.formNo}</Descriptions.Item>
            <Descriptions.Item label={t('redLetter.form.state')}>
              <Space>
                <FormStateTag state={f.state} />
                <DeadlineCountdown deadline={f.deadline} />
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('redLetter.form.reason')}>
              {t(`redLetter.reason.${f.reason}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('redLetter.form.initiator')}>
              {t(`redLetter.initiator.${f.initiator}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('redLetter.form.blueNumber')}>
              <Space>
                {f.blue.number}
                <InvoiceStatusTag status={f.blue.status} />
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('redLetter.blue.buyer')}>{f.blue.buyerName}</Descriptions.Item>
            <Descriptions.Item label={t('redLetter.form.redTotal')}>
              {fen(-f.amountFen)} + {fen(-f.taxFen)} = {fen(-f.totalFen)}
            </Descriptions.Item>
            <Descriptions.Item label={t('redLetter.form.createdAt')}>
              {formatDateTime(f.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('redLetter.form.redInvoice')} span={2}>
              <RedInvoiceLink red={f.redInvoice} />
            </Descriptions.Item>
            <Descriptions.Item label={t('redLetter.form.remarks')} span={2}>
              {f.remarks}
            </Descriptions.Item>
          </Descriptions>
          <Table<Line>
            rowKey="blueLineNo"
            size="small"
            pagination={false}
            dataSource={f.lines}
            columns={[
              { title: t('redLetter.line.no'), dataIndex: 'blueLineNo', width: 80 },
              { title: t('redLetter.line.name'), dataIndex: 'name' },
              { title: t('redLetter.line.redQuantity'), dataIndex: 'quantity' },
              {
                title: t('redLetter.line.amount'),
                dataIndex: 'amountFen',
                align: 'right',
                render: (v: number) => fen(-v),
              },
              {
                title: t('redLetter.line.tax'),
                dataIndex: 'taxFen',
                align: 'right',
                render: (v: number) => fen(-v),
              },
            ]}
          />
          <div style={{ marginTop: 16 }}>
            <FormActions form={f} />
          </div>
        </>
      ) : null}
    </Drawer>
  );
}

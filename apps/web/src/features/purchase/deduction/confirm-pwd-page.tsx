import { currentSelectionPeriod } from '@fpy/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, type ButtonProps, Card, Form, Input, Result, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { loadFeedback, toast } from '../../../lib/feedback.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { Can } from '../../../lib/permission.tsx';
import {
  applyStats,
  confirmPeriod,
  periodLabel,
  periodQuery,
  refreshDeduction,
  undoStats,
} from './deduction-api.ts';
import { initialPeriod, PeriodPicker } from './period-picker.tsx';
import { PeriodSummary } from './period-summary.tsx';

/**
 * Spec §2.12 /receiptsInvoice/confirmPwd (统计确认, issue 31 lane DEDUCT): the period's statistics — 申请统计 freezes
 * the selections and the bureau counts them, 撤销统计 reopens them — and 确认签名 protected by a second password (the
 * user's own sign-in password entered again). A confirmed period is shown locked.
 */
export default function ConfirmPwdPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [period, setPeriod] = useState(() =>
    initialPeriod(currentSelectionPeriod(dayjs().format('YYYY-MM-DD'))),
  );
  const [dialog, setDialog] = useState(false);
  const [busy, setBusy] = useState(false);
  const [pwdError, setPwdError] = useState<string | null>(null);
  const [form] = Form.useForm<{ password: string }>();
  const { data: p } = useQuery(periodQuery(period));

  const step = async (title: string, content: string, work: () => Promise<unknown>, done: string) => {
    const { modal } = await loadFeedback();
    modal.confirm({
      title,
      content,
      okButtonProps: { 'data-testid': 'step-ok' } as ButtonProps,
      onOk: async () => {
        try {
          await work();
          toast.success(done);
        } catch {
          // Shown by the shared client.
        } finally {
          await refreshDeduction(qc);
        }
      },
    });
  };

  const submitConfirm = async ({ password }: { password: string }) => {
    setBusy(true);
    setPwdError(null);
    try {
      await confirmPeriod(period, password);
      toast.success(t('deduction.confirm.done'));
      setDialog(false);
      form.resetFields();
    } catch (e) {
      setPwdError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
      await refreshDeduction(qc);
    }
  };

  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <span>{t('deduction.period')}</span>
          <PeriodPicker value={period} onChange={setPeriod} />
        </Space>
        {p && p.state === 'confirmed' && (
          <Result
            status="success"
            title={t('deduction.confirm.lockedTitle')}
            subTitle={t('deduction.confirm.lockedBody', {
              at: p.confirmedAt ? formatDateTime(p.confirmedAt) : '—',
              who: p.confirmedByName ?? '—',
            })}
          />
        )}
        {p && <PeriodSummary p={p} />}
        {p && p.state === 'open' && <Alert type="info" showIcon message={t('deduction.confirm.needStats')} />}
        {p && p.state !== 'confirmed' && (
          <Space wrap>
            <Can code="confirmPwd:btn_stats">
              {p.state === 'open' ? (
                <Button
                  type="primary"
                  data-testid="apply-stats"
                  disabled={!p.selected.count || p.pending > 0}
                  onClick={() =>
                    step(
                      t('deduction.confirm.applyStatsTitle'),
                      t('deduction.confirm.applyStatsBody'),
                      () => applyStats(period),
                      t('deduction.confirm.statsDone'),
                    )
                  }
                >
                  {t('deduction.confirm.applyStats')}
                </Button>
              ) : (
                <Button
                  onClick={() =>
                    step(
                      t('deduction.confirm.undoStatsTitle'),
                      t('deduction.confirm.undoStatsBody'),
                      () => undoStats(period),
                      t('deduction.confirm.undoDone'),
                    )
                  }
                >
                  {t('deduction.confirm.undoStats')}
                </Button>
              )}
            </Can>
            <Can code="confirmPwd:btn_confirm">
              <Button
                type="primary"
                data-testid="confirm-open"
                disabled={p.state !== 'stats_applied'}
                onClick={() => setDialog(true)}
              >
                {t('deduction.confirm.confirm')}
              </Button>
            </Can>
          </Space>
        )}
      </Space>
      <AppModal
        open={dialog}
        title={t('deduction.confirm.dialogTitle', { period: periodLabel(period) })}
        okText={t('deduction.confirm.ok')}
        cancelText={t('deduction.confirm.cancel')}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'confirm-ok' } as ButtonProps}
        onOk={() => form.submit()}
        onCancel={() => {
          setDialog(false);
          setPwdError(null);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <Alert
          type="warning"
          showIcon
          message={t('deduction.confirm.dialogBody')}
          style={{ marginBottom: 16 }}
        />
        <Form form={form} layout="vertical" name="deduction-confirm" onFinish={submitConfirm}>
          <Form.Item
            name="password"
            label={t('deduction.confirm.password')}
            rules={[{ required: true, message: t('deduction.confirm.passwordRequired') }]}
            validateStatus={pwdError ? 'error' : undefined}
            help={pwdError ?? undefined}
          >
            <Input.Password
              autoComplete="current-password"
              maxLength={128}
              placeholder={t('deduction.confirm.passwordHint')}
              onChange={() => setPwdError(null)}
            />
          </Form.Item>
        </Form>
      </AppModal>
    </Card>
  );
}

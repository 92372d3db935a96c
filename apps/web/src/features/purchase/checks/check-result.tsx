import type { CheckRecordView } from '@fpy/contracts';
import { Alert, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fen } from '../../../entities/invoice/money.ts';
import { formatDateTime } from '../../../lib/format.ts';

export const RESULT_COLOR: Record<CheckRecordView['result'], string> = {
  match: 'success',
  mismatch: 'warning',
  not_found: 'error',
  failed: 'default',
};
export const STATE_COLOR: Record<NonNullable<CheckRecordView['state']>, string> = {
  normal: 'success',
  red: 'magenta',
  voided: 'default',
  abnormal: 'error',
};

export function ResultTag({ r }: { r: Pick<CheckRecordView, 'result' | 'state'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={RESULT_COLOR[r.result]}>{t(`purchaseChecks.result.${r.result}`)}</Tag>
      {r.state && <Tag color={STATE_COLOR[r.state]}>{t(`purchaseChecks.state.${r.state}`)}</Tag>}
    </>
  );
}

/** One check's answer: the verdict, what differs, and the bureau's invoice when it matched. */
export function CheckResult({ r }: { r: CheckRecordView }) {
  const { t } = useTranslation();
  const inv = r.invoice;
  const alert =
    r.result === 'match' ? (
      <Alert
        type={r.state === 'normal' ? 'success' : 'warning'}
        showIcon
        message={t(r.state === 'normal' ? 'purchaseChecks.genuine' : 'purchaseChecks.genuineButState', {
          state: t(`purchaseChecks.state.${r.state ?? 'normal'}`),
        })}
        description={r.ownInvoice ? t('purchaseChecks.ownInvoice') : t('purchaseChecks.notOwnInvoice')}
      />
    ) : (
      <Alert
        type={r.result === 'failed' ? 'info' : 'error'}
        showIcon
        message={t(`purchaseChecks.verdict.${r.result}`)}
        description={
          r.mismatch.length
            ? t('purchaseChecks.mismatchFields', {
                fields: r.mismatch
                  .map((f) => t(`purchaseChecks.field.${f}`))
                  .join(t('purchaseChecks.listSep')),
              })
            : undefined
        }
      />
    );
  return (
    <div data-testid="check-result">
      {alert}
      {inv && (
        <Descriptions bordered size="small" column={2} style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('purchaseChecks.field.code')}>{inv.code ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('purchaseChecks.field.number')}>{inv.number}</Descriptions.Item>
          <Descriptions.Item label={t('purchaseChecks.field.type')}>
            {t(`purchaseChecks.type.${inv.type}`, { defaultValue: inv.type })}
            {inv.colour === 'red' && <Tag color="red">{t('purchaseChecks.redInvoice')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseChecks.field.issueDate')}>{inv.issueDate}</Descriptions.Item>
          <Descriptions.Item label={t('purchaseChecks.field.seller')}>
            {inv.sellerName} ({inv.sellerCreditCode})
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseChecks.field.buyer')}>
            {inv.buyerName} {inv.buyerTaxNumber ? `(${inv.buyerTaxNumber})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseChecks.field.amountFen')}>
            {fen(inv.amountFen)}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseChecks.field.taxFen')}>{fen(inv.taxFen)}</Descriptions.Item>
          <Descriptions.Item label={t('purchaseChecks.field.totalFen')}>
            {fen(inv.totalFen)}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseChecks.field.checkedBy')}>
            {r.checkedByName} {formatDateTime(r.createdAt)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
}

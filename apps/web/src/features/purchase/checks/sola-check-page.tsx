import type { CheckRecordView } from '@fpy/contracts';
import { legacyCheckElement, parseInvoiceQr } from '@fpy/domain';
import { Alert, Card, Col, Input, List, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fen } from '../../../entities/invoice/money.ts';
import { Can } from '../../../lib/permission.tsx';
import { CheckResult, ResultTag } from './check-result.tsx';
import { type CheckBody, check } from './checks-api.ts';

/** The 查验 request a scanned QR gives (§8): 数电 by 价税合计, legacy by 金额 or the check code's last 6. */
export function bodyOfQr(text: string): CheckBody | null {
  const q = parseInvoiceQr(text);
  if (!q || q.amountFen === null) return null;
  if (!q.code) return { channel: 'scan', number: q.number, issueDate: q.issueDate, totalFen: q.amountFen };
  const need = legacyCheckElement(q.code);
  return {
    channel: 'scan',
    code: q.code,
    number: q.number,
    issueDate: q.issueDate,
    ...(need !== 'checkCode' ? { amountFen: q.amountFen } : {}),
    ...(need !== 'amount' && q.checkCodeLast6 ? { checkCodeLast6: q.checkCodeLast6 } : {}),
  };
}

/**
 * Spec §2.12 /receiptsInvoice/solaCheck — 扫码查验 (our reading of the code; see README): a QR reader (a keyboard
 * device) or a paste fills the box with the invoice's QR content, Enter checks it at once; the session's scans stay
 * listed beside the last result, so a pile of paper invoices is checked one scan after another.
 */
export default function SolaCheckPage() {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [scans, setScans] = useState<CheckRecordView[]>([]);

  const scan = async () => {
    const body = bodyOfQr(value);
    if (!body) {
      setProblem(t('purchaseChecks.qrUnreadable'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const r = await check(body);
      setScans((s) => [r, ...s].slice(0, 50));
      setValue('');
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <Can
        code="solaCheck:btn_check"
        fallback={<Typography.Text>{t('purchaseChecks.noRight')}</Typography.Text>}
      >
        <Row gutter={24}>
          <Col xs={24} lg={10}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Paragraph type="secondary">{t('purchaseChecks.scanHint')}</Typography.Paragraph>
              <Input.Search
                autoFocus
                aria-label={t('purchaseChecks.qrContent')}
                placeholder="01,32,,26312000000000000001,113.00,20261009,,1A2B"
                value={value}
                maxLength={200}
                onChange={(e) => setValue(e.target.value)}
                onSearch={scan}
                enterButton={t('purchaseChecks.check')}
                loading={busy}
                data-testid="qr-input"
              />
              {problem && <Alert type="error" showIcon message={problem} />}
              <List
                size="small"
                header={t('purchaseChecks.sessionScans', { count: scans.length })}
                dataSource={scans}
                renderItem={(r) => (
                  <List.Item>
                    <Space>
                      <ResultTag r={r} />
                      <span>{[r.code, r.number].filter(Boolean).join(' / ')}</span>
                      {r.invoice && (
                        <Typography.Text type="secondary">{fen(r.invoice.totalFen)}</Typography.Text>
                      )}
                    </Space>
                  </List.Item>
                )}
              />
            </Space>
          </Col>
          <Col xs={24} lg={14}>
            {scans[0] ? <CheckResult r={scans[0]} /> : null}
          </Col>
        </Row>
      </Can>
    </Card>
  );
}

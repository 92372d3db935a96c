import {
  applyRedForm,
  type ApplyRedFormBody,
  lookupBlueInvoice,
  quickRed,
  RED_REASON_CODE,
  RED_REASONS,
  type RedReason,
} from '@fpy/contracts';
import { parseYuan } from '@fpy/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Popconfirm, Radio, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../../../../lib/feedback.ts';
import { call } from '../../../../lib/http.ts';
import { Can } from '../../../../lib/permission.tsx';
import { fen } from '../../../../entities/invoice/money.ts';
import { hasRemainder, type LineInput, lineFigure, sumFigures } from '../shared/red-figures.ts';
import { BlueSummary } from './blue-summary.tsx';
import { FormResult } from './form-result.tsx';
import { QuickResult } from './quick-result.tsx';
import { RedLinesTable } from './red-lines-table.tsx';

type Lookup = { id: number } | { number: string } | null;

/**
 * Spec §2.12 /outputInvoiceManager/invoiceFill (红字信息表填开, notes §6.1): find the blue invoice, reverse all
 * that remains or part of chosen lines, with a reason whose constraints are shown and enforced; then follow the
 * 确认单 to its red invoice. Quick full red when no confirmation is needed.
 */
export default function RedFillPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const blueId = Number(params.get('blueId'));
  const [lookup, setLookup] = useState<Lookup>(blueId > 0 ? { id: blueId } : null);
  const { data: blue, isFetching } = useQuery({
    queryKey: ['red-letter', 'blue', lookup],
    queryFn: ({ signal }) => call(lookupBlueInvoice, { query: lookup!, signal }),
    enabled: lookup !== null,
    retry: false,
  });
  const [partial, setPartial] = useState(false);
  const [chosenReason, setReason] = useState<RedReason | undefined>();
  const [selected, setSelected] = useState<number[]>([]);
  const [inputs, setInputs] = useState<Record<number, LineInput>>({});
  const [remarks, setRemarks] = useState('');
  const [formId, setFormId] = useState<number | null>(null);
  const [quickId, setQuickId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  // A new blue invoice starts a new application (state adjusted during render, not in an effect).
  const [seenBlue, setSeenBlue] = useState<number | undefined>();
  if (blue?.id !== seenBlue) {
    setSeenBlue(blue?.id);
    setSelected([]);
    setInputs({});
    setFormId(null);
    setQuickId(null);
  }
  const allowed = (r: RedReason) => blue?.reasons.find((x) => x.reason === r)?.allowed ?? false;
  // A reason the invoice no longer allows (after a partial red) is dropped.
  const reason = chosenReason && allowed(chosenReason) ? chosenReason : undefined;

  const lines = blue?.lines ?? [];
  const figures = useMemo(
    () =>
      lines.map((l) =>
        partial
          ? selected.includes(l.lineNo) && reason
            ? lineFigure(l, inputs[l.lineNo] ?? {}, reason)
            : null
          : hasRemainder(l)
            ? { amountFen: l.remainingAmountFen, taxFen: l.remainingTaxFen }
            : null,
      ),
    [lines, partial, selected, inputs, reason],
  );
  const totals = sumFigures(figures);

  const body = (): ApplyRedFormBody | null => {
    if (!blue || !reason) return null;
    if (!partial) return { blueInvoiceId: blue.id, reason, remarks: remarks || undefined };
    const picked = selected.map((no) => {
      const i = inputs[no] ?? {};
      const amountFen = i.amount ? parseYuan(i.amount) : null;
      return {
        blueLineNo: no,
        ...(i.quantity && reason !== 'sales_discount' ? { quantity: i.quantity } : {}),
        ...(amountFen !== null ? { amountFen } : {}),
      };
    });
    return { blueInvoiceId: blue.id, reason, lines: picked, remarks: remarks || undefined };
  };
  const submit = () => {
    const b = body();
    if (!b) return;
    if (b.lines && !b.lines.length) return void toast.warning(t('redLetter.fill.pickLines'));
    setBusy(true);
    call(applyRedForm, { body: b })
      .then(
        async (form) => {
          setFormId(form.id);
          // The lines' remainders change: start the next application from a clean slate.
          setSelected([]);
          setInputs({});
          toast.success(t('redLetter.fill.applied'));
          await qc.invalidateQueries({ queryKey: ['red-letter'] });
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };
  const quick = () => {
    if (!blue || !reason) return;
    setBusy(true);
    call(quickRed, { body: { blueInvoiceId: blue.id, reason } })
      .then(
        async (inv) => {
          setQuickId(inv.id);
          toast.success(t('redLetter.issueAccepted'));
          await qc.invalidateQueries({ queryKey: ['red-letter'] });
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };

  // Why a reason is greyed out (§6.1 constraints of this very invoice).
  const refusedReasons = blue?.reasons.filter((r) => !r.allowed && r.why) ?? [];
  return (
    <Card title={t('redLetter.fill.title')}>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          style={{ width: 360 }}
          data-testid="red-blue-search"
          placeholder={t('redLetter.fill.searchHint')}
          enterButton={t('redLetter.fill.search')}
          loading={isFetching}
          onSearch={(v) => setLookup(v.trim() ? { number: v.trim() } : null)}
        />
      </Space>
      {blue ? (
        <BlueSummary blue={blue} />
      ) : (
        <Typography.Paragraph type="secondary">{t('redLetter.fill.empty')}</Typography.Paragraph>
      )}
      {blue && !blue.redable ? (
        <Alert type="warning" showIcon title={blue.whyNot} style={{ marginBottom: 16 }} />
      ) : null}
      {blue?.redable ? (
        <>
          <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
            <Form.Item label={t('redLetter.fill.reason')} required>
              <Select<RedReason>
                style={{ width: 220 }}
                data-testid="red-reason"
                value={reason}
                placeholder={t('redLetter.fill.reasonHint')}
                onChange={(r) => {
                  setReason(r);
                  if (r === 'issue_error') setPartial(false);
                }}
                options={RED_REASONS.map((r) => ({
                  value: r,
                  disabled: !allowed(r),
                  title: blue.reasons.find((x) => x.reason === r)?.why ?? undefined,
                  label: `${RED_REASON_CODE[r]} ${t(`redLetter.reason.${r}`)}`,
                }))}
              />
            </Form.Item>
            <Form.Item label={t('redLetter.fill.scope')}>
              <Radio.Group
                value={partial ? 'partial' : 'full'}
                onChange={(e) => setPartial(e.target.value === 'partial')}
                options={[
                  { value: 'full', label: t('redLetter.fill.full') },
                  {
                    value: 'partial',
                    label: t('redLetter.fill.partial'),
                    disabled: reason === 'issue_error',
                  },
                ]}
              />
            </Form.Item>
          </Form>
          <Typography.Paragraph type="secondary">{t('redLetter.fill.rules')}</Typography.Paragraph>
          {refusedReasons.map((r) => (
            <Typography.Paragraph key={r.reason} type="warning" data-testid={`red-reason-why-${r.reason}`}>
              {RED_REASON_CODE[r.reason]} {t(`redLetter.reason.${r.reason}`)}：{r.why}
            </Typography.Paragraph>
          ))}
          <RedLinesTable
            lines={lines}
            partial={partial}
            reason={reason ?? 'sales_return'}
            selected={selected}
            onSelect={setSelected}
            inputs={inputs}
            onInput={(no, v) => setInputs((s) => ({ ...s, [no]: v }))}
          />
          <Typography.Paragraph strong style={{ marginTop: 16 }} data-testid="red-totals">
            {t('redLetter.fill.totals', {
              amount: fen(-totals.amount),
              tax: fen(-totals.tax),
              total: fen(-totals.total),
            })}
          </Typography.Paragraph>
          <Input.TextArea
            style={{ display: 'block', maxWidth: 600 }}
            rows={2}
            maxLength={150}
            value={remarks}
            placeholder={t('redLetter.fill.remarks')}
            onChange={(e) => setRemarks(e.target.value)}
          />
          <Space style={{ marginTop: 16, display: 'flex' }}>
            <Can code="invoiceFill:btn_apply">
              <Button
                type="primary"
                data-testid="red-apply"
                loading={busy}
                disabled={!reason || totals.total <= 0}
                onClick={submit}
              >
                {t('redLetter.action.apply')}
              </Button>
            </Can>
            {!partial ? (
              <Can code="invoiceFill:btn_quickRed">
                <Popconfirm title={t('redLetter.fill.quickConfirm')} onConfirm={quick} disabled={!reason}>
                  <Button danger loading={busy} disabled={!reason}>
                    {t('redLetter.action.quickRed')}
                  </Button>
                </Popconfirm>
              </Can>
            ) : null}
          </Space>
        </>
      ) : null}
      {formId ? <FormResult formId={formId} /> : null}
      {quickId ? <QuickResult invoiceId={quickId} /> : null}
    </Card>
  );
}

import {
  createInvoice,
  getOpenerDefaults,
  type InvoiceDetail,
  submitInvoiceDraft,
  updateInvoiceDraft,
} from '@fpy/contracts';
import { type InvoiceType, invoiceTypeRules } from '@fpy/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Modal, Row, Select, Space, Switch } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/feedback.ts';
import { ApiError, call } from '../../../../lib/http.ts';
import { Can, useProfile } from '../../../../lib/permission.tsx';
import { type FaceInvoice, InvoiceFace } from '../../../../entities/invoice/face/invoice-face.tsx';
import { SPECIAL_LABEL_CODES } from '../../../../entities/invoice/face/special-labels.ts';
import { fen } from '../../../../entities/invoice/money.ts';
import { BuyerFields } from './buyer-fields.tsx';
import {
  createBody,
  emptyLine,
  formBody,
  fromDetail,
  type HeaderValues,
  isBlank,
  type LineRow,
  newClientSerial,
  sentLines,
} from './form-model.ts';
import { IssueProgress } from './issue-progress.tsx';
import { LineGrid } from './line-grid.tsx';
import { useCalculation } from './use-calculation.ts';
import { invoiceTypeOptions } from '../../../../entities/invoice/invoice-type.ts';

export type FormMode = 'issue' | 'preopen';

const CODES = {
  issue: { submit: ['invoiceOpener:btn_issue'], draft: ['invoiceOpener:btn_draft'] },
  preopen: { submit: ['preopenApplication:btn_apply'], draft: ['preopenApplication:btn_draft'] },
  edit: { submit: ['stayOpenInvoice:btn_issue'], draft: ['stayOpenInvoice:btn_edit'] },
} as const;

const DEFAULT_HEADER: HeaderValues = { type: 'digital_ordinary', inclusive: false, buyer: { name: '' } };

interface ServerProblem {
  message: string;
  lines: { lineNo: number | null; message: string }[];
}

/** The server's refusal names lines by the numbers it was sent; show each beside its grid row too. */
function withServerErrors(live: Map<number, string[]>, problem: ServerProblem | null, lines: LineRow[]) {
  if (!problem?.lines.some((l) => l.lineNo !== null)) return live;
  const { index } = sentLines(lines);
  const merged = new Map(live);
  for (const v of problem.lines) {
    const row = v.lineNo === null ? undefined : index[v.lineNo - 1];
    if (row === undefined) continue;
    const known = merged.get(row) ?? [];
    if (!known.includes(v.message)) merged.set(row, [...known, v.message]);
  }
  return merged;
}

function problemOf(err: unknown): ServerProblem | null {
  if (!(err instanceof ApiError)) return null;
  const details = (err.body as { details?: { violations?: { lineNo: number | null; message: string }[] } })
    ?.details;
  return { message: err.message, lines: details?.violations ?? [] };
}

/**
 * 发票开具 / 预开申请 form (issue 4 §3). One client serial per form session, so a double click or a resent
 * request never makes two invoices; a saved draft is saved again with PUT and submitted by id. The server
 * recomputes everything and answers 400 naming the line, shown above the buttons.
 */
export function InvoiceForm({
  mode,
  draft,
  onDone,
}: {
  mode: FormMode;
  /** Editing a saved draft (待开发票): saves with PUT, submits by id. */
  draft?: InvoiceDetail;
  /** Called after a draft edit was saved or submitted (the drafts page closes its dialog). */
  onDone?: (inv: InvoiceDetail) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const profile = useProfile();
  const [form] = Form.useForm<HeaderValues>();
  const initial = draft ? fromDetail(draft) : null;
  const [lines, setLines] = useState<LineRow[]>(() => initial?.lines ?? [emptyLine()]);
  const serial = useRef(newClientSerial());
  const [draftId, setDraftId] = useState<number | null>(draft?.id ?? null);
  const [busy, setBusy] = useState<'submit' | 'draft' | null>(null);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [accepted, setAccepted] = useState<InvoiceDetail | null>(null);
  const [preview, setPreview] = useState(false);
  const codes = draft ? CODES.edit : CODES[mode];

  const header = Form.useWatch([], form) as HeaderValues | undefined;
  const type: InvoiceType = header?.type ?? initial?.header.type ?? DEFAULT_HEADER.type;
  const rules = invoiceTypeRules(type);
  const calc = useCalculation(header?.type ? header : undefined, lines);

  // 开票人 / 收款人 / 复核人 from the opener setup; without one (or before it exists) the user's own name.
  const { data: defaults, isFetched } = useQuery({
    queryKey: ['invoicing', 'opener-defaults'],
    queryFn: () => call(getOpenerDefaults, { silent: true }),
    enabled: !draft,
    retry: false,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (draft || !(isFetched || defaults)) return;
    const cur = form.getFieldsValue(['drawer', 'payee', 'reviewer']) as Partial<HeaderValues>;
    form.setFieldsValue({
      drawer: cur.drawer || defaults?.drawer || profile?.name || undefined,
      payee: cur.payee || defaults?.payee || undefined,
      reviewer: cur.reviewer || defaults?.reviewer || undefined,
    });
  }, [defaults, isFetched, profile?.name, draft, form]);

  // A natural person is only allowed on 普票: switching to a 专票 clears it.
  useEffect(() => {
    if (!rules.naturalPersonBuyerAllowed && form.getFieldValue(['buyer', 'naturalPerson']))
      form.setFieldValue(['buyer', 'naturalPerson'], false);
  }, [rules.naturalPersonBuyerAllowed, form]);

  const reset = () => {
    serial.current = newClientSerial();
    setDraftId(null);
    setAccepted(null);
    setProblem(null);
    setLines([emptyLine()]);
    const keep = form.getFieldsValue(['drawer', 'payee', 'reviewer', 'type', 'inclusive']);
    form.resetFields();
    form.setFieldsValue(keep);
  };

  const save = async (submit: boolean) => {
    setProblem(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (lines.every(isBlank)) {
      setProblem({ message: t('opener.noLines'), lines: [] });
      return;
    }
    const h = form.getFieldsValue(true) as HeaderValues;
    // Totals the user saw are sent only when they belong to exactly this form; the server compares them.
    const sent = calc.fresh ? calc.result : undefined;
    setBusy(submit ? 'submit' : 'draft');
    try {
      let inv: InvoiceDetail;
      if (draftId === null) {
        inv = await call(createInvoice, {
          body: createBody(serial.current, h, lines, sent, submit),
          silent: true,
        });
        if (inv.status === 'draft') setDraftId(inv.id);
      } else {
        inv = await call(updateInvoiceDraft, {
          params: { id: draftId },
          body: formBody(h, lines, sent),
          silent: true,
        });
        if (submit) inv = await call(submitInvoiceDraft, { params: { id: draftId }, silent: true });
      }
      await qc.invalidateQueries({ queryKey: ['invoicing', 'list'] });
      if (!submit) toast.success(t('opener.draftSaved'));
      if (draft) onDone?.(inv);
      else if (submit) setAccepted(inv);
    } catch (err) {
      setProblem(problemOf(err) ?? { message: String(err), lines: [] });
    } finally {
      setBusy(null);
    }
  };

  if (accepted) return <IssueProgress accepted={accepted} onNext={reset} />;

  const totals = calc.result?.totals;
  const words = calc.result?.amountInWords[rules.family === 'digital' ? 'digital' : 'legacy'];
  const faceData = (): FaceInvoice => {
    const h = form.getFieldsValue(true) as HeaderValues;
    const rows = lines.filter((l) => !isBlank(l));
    return {
      type: h.type,
      number: null,
      issuedAt: null,
      sellerName: profile?.companyName ?? '',
      sellerCreditCode: profile?.registerTaxNo ?? '',
      buyerName: h.buyer?.name ?? '',
      buyerTaxNumber: h.buyer?.taxNumber ?? null,
      buyerAddress: h.buyer?.address ?? null,
      buyerPhone: h.buyer?.phone ?? null,
      buyerBank: h.buyer?.bank ?? null,
      buyerAccount: h.buyer?.account ?? null,
      amountFen: totals?.amount.fen ?? 0,
      taxFen: totals?.tax.fen ?? 0,
      totalFen: totals?.total.fen ?? 0,
      remarks: h.remarks ?? null,
      specialLabel: h.specialLabel ?? null,
      drawer: h.drawer ?? profile?.name ?? '',
      payee: h.payee ?? null,
      reviewer: h.reviewer ?? null,
      lines: (calc.result?.lines ?? []).map((f, i) => ({
        lineNo: f.lineNo,
        kind: f.kind,
        name: rows[i]?.name ?? '',
        taxCode: rows[i]?.taxCode || null,
        spec: rows[i]?.spec || null,
        unit: rows[i]?.unit || null,
        quantity: f.quantity,
        unitPrice: f.unitPrice,
        unitPriceExclusive: f.unitPriceExclusive,
        rate: f.rate,
        policy: f.policy,
        deductionFen: f.deduction?.fen ?? null,
        amountFen: f.amount.fen,
        taxFen: f.tax.fen,
        amountInclusiveFen: f.amountInclusive.fen,
      })),
    };
  };

  return (
    <Form<HeaderValues>
      form={form}
      layout="vertical"
      name={`invoice-form-${mode}`}
      initialValues={initial?.header ?? DEFAULT_HEADER}
    >
      <Card size="small" title={t('opener.section.header')} style={{ marginBottom: 12 }}>
        <Row gutter={16}>
          <Col span={10}>
            <Form.Item name="type" label={t('opener.type')} rules={[{ required: true }]}>
              <Select id="invoice-type" options={invoiceTypeOptions(t)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="specialLabel" label={t('opener.specialLabel')}>
              <Select
                allowClear
                disabled={rules.family !== 'digital'}
                placeholder={t('opener.specialLabelNone')}
                options={SPECIAL_LABEL_CODES.map((c) => ({
                  value: c,
                  label: `${c} ${t(`invoiceFace.labels.${c}`)}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="inclusive" label={t('opener.inclusive')} valuePropName="checked">
              <Switch
                checkedChildren={t('opener.inclusiveOn')}
                unCheckedChildren={t('opener.inclusiveOff')}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card size="small" title={t('opener.section.buyer')} style={{ marginBottom: 12 }}>
        <BuyerFields form={form} type={type} />
      </Card>

      <Card size="small" title={t('opener.section.lines')} style={{ marginBottom: 12 }}>
        <LineGrid
          lines={lines}
          onChange={(next) => {
            setLines(next);
            // Line numbers of a refusal no longer match once the grid changes.
            if (problem?.lines.length) setProblem(null);
          }}
          mode={header?.inclusive ? 'inclusive' : 'exclusive'}
          onModeChange={(m) => form.setFieldValue('inclusive', m === 'inclusive')}
          calc={calc.result}
          lineErrors={withServerErrors(calc.lineErrors, problem, lines)}
        />
        {calc.headerErrors.map((e) => (
          <Alert
            key={e.message}
            style={{ marginTop: 8 }}
            type={e.severity === 'error' ? 'error' : 'warning'}
            showIcon
            message={e.message}
          />
        ))}
        <Descriptions size="small" column={3} style={{ marginTop: 12 }} bordered>
          <Descriptions.Item label={t('opener.totals.amount')}>
            <span data-testid="total-amount">{totals ? fen(totals.amount.fen) : '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('opener.totals.tax')}>
            <span data-testid="total-tax">{totals ? fen(totals.tax.fen) : '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('opener.totals.total')}>
            <strong data-testid="total-total">{totals ? fen(totals.total.fen) : '—'}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('opener.totals.words')} span={3}>
            <span data-testid="total-words">{words ?? '—'}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card size="small" title={t('opener.section.other')} style={{ marginBottom: 12 }}>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="remarks" label={t('opener.remarks')}>
              <Input.TextArea rows={2} maxLength={rules.remarkMaxLength} showCount />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="drawer"
              label={t('opener.drawer')}
              rules={[{ required: true, whitespace: true, message: t('opener.drawerRequired') }]}
            >
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="payee" label={t('opener.payee')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="reviewer" label={t('opener.reviewer')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      {problem ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="server-problem"
          message={problem.message}
          description={
            problem.lines.length > 1 ? (
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {problem.lines.map((l) => (
                  <li key={`${l.lineNo}-${l.message}`}>{l.message}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}

      <Space>
        <Button onClick={() => setPreview(true)} disabled={!calc.result}>
          {t('opener.preview')}
        </Button>
        <Can code={codes.draft}>
          <Button loading={busy === 'draft'} disabled={busy !== null} onClick={() => void save(false)}>
            {t('opener.saveDraft')}
          </Button>
        </Can>
        <Can code={codes.submit}>
          <Button
            type="primary"
            loading={busy === 'submit'}
            disabled={busy !== null}
            onClick={() => void save(true)}
            data-testid="issue-submit"
          >
            {draft ? t('opener.submitDraft') : mode === 'preopen' ? t('opener.apply') : t('opener.issue')}
          </Button>
        </Can>
      </Space>

      <Modal
        open={preview}
        title={t('opener.preview')}
        width={860}
        footer={
          <Button onClick={() => setPreview(false)} data-testid="preview-close">
            {t('opener.close')}
          </Button>
        }
        maskClosable={false}
        keyboard={false}
        onCancel={() => setPreview(false)}
        destroyOnHidden
      >
        {preview ? (
          <div style={{ overflowX: 'auto' }}>
            <InvoiceFace invoice={faceData()} />
          </div>
        ) : null}
      </Modal>
    </Form>
  );
}

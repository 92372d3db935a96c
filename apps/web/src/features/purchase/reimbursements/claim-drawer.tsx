import { MAX_CLAIM_INVOICES } from '@fpy/contracts';
import { parseYuan } from '@fpy/domain';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Drawer, Form, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import { DATE_FORMAT } from '../../../lib/format.ts';
import { type ClaimBody, submitClaim } from './claims-api.ts';

interface Row {
  code?: string;
  number: string;
  issueDate: Dayjs;
  amount?: string;
  checkCodeLast6?: string;
}
interface Values {
  title: string;
  remark?: string;
  invoices: Row[];
}

const fenOf = (s?: string) => (s?.trim() ? Number(parseYuan(s.trim())) : undefined);

/** A legacy invoice (with a code) is checked by 金额 or 校验码后 6 位; a 数电 one by 价税合计. */
function elementsOf(r: Row): ClaimBody['invoices'][number] {
  const base = { number: r.number.trim(), issueDate: r.issueDate.format(DATE_FORMAT) };
  if (!r.code?.trim()) return { ...base, totalFen: fenOf(r.amount) };
  return {
    ...base,
    code: r.code.trim(),
    amountFen: fenOf(r.amount),
    checkCodeLast6: r.checkCodeLast6?.trim() || undefined,
  };
}

/** 新建报销单: the reason and the invoices; each is checked by the server, a reimbursed one refused with who/when. */
export function ClaimDrawer({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (v: Values) => {
    setBusy(true);
    setRefusal(null);
    try {
      await submitClaim({
        title: v.title.trim(),
        remark: v.remark?.trim() || null,
        invoices: v.invoices.map(elementsOf),
      });
      form.resetFields();
      onDone();
    } catch (e) {
      setRefusal(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer open={open} onClose={onClose} width={860} title={t('reimbursement.new')} destroyOnHidden>
      <Form<Values>
        form={form}
        layout="vertical"
        name="expense-claim"
        onFinish={submit}
        initialValues={{ invoices: [{}] }}
      >
        <Form.Item
          name="title"
          label={t('reimbursement.field.title')}
          rules={[{ required: true, whitespace: true, message: t('reimbursement.rule.title') }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="remark" label={t('reimbursement.field.remark')}>
          <Input.TextArea maxLength={300} rows={2} />
        </Form.Item>
        <Form.List name="invoices">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="baseline" wrap data-testid={`claim-invoice-${i}`}>
                  <Form.Item
                    name={[f.name, 'code']}
                    rules={[{ pattern: /^(\d{10}|\d{12})?$/, message: t('reimbursement.rule.code') }]}
                  >
                    <Input
                      placeholder={t('reimbursement.field.code')}
                      aria-label={t('reimbursement.field.code')}
                      maxLength={12}
                      style={{ width: 130 }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'number']}
                    rules={[
                      {
                        required: true,
                        pattern: /^(\d{8}|\d{20})$/,
                        message: t('reimbursement.rule.number'),
                      },
                    ]}
                  >
                    <Input
                      placeholder={t('reimbursement.field.number')}
                      aria-label={t('reimbursement.field.number')}
                      maxLength={20}
                      style={{ width: 200 }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'issueDate']}
                    rules={[{ required: true, message: t('reimbursement.rule.issueDate') }]}
                  >
                    <DatePicker
                      placeholder={t('reimbursement.field.issueDate')}
                      aria-label={t('reimbursement.field.issueDate')}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'amount']}
                    rules={[
                      {
                        validator: (_: unknown, v?: string) =>
                          !v || parseYuan(v.trim()) !== null
                            ? Promise.resolve()
                            : Promise.reject(new Error(t('reimbursement.rule.amount'))),
                      },
                    ]}
                  >
                    <Input
                      placeholder={t('reimbursement.field.amount')}
                      aria-label={t('reimbursement.field.amount')}
                      maxLength={16}
                      style={{ width: 150 }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'checkCodeLast6']}
                    rules={[{ pattern: /^(\d{6})?$/, message: t('reimbursement.rule.checkCode') }]}
                  >
                    <Input
                      placeholder={t('reimbursement.field.checkCodeLast6')}
                      aria-label={t('reimbursement.field.checkCodeLast6')}
                      maxLength={6}
                      style={{ width: 110 }}
                    />
                  </Form.Item>
                  {fields.length > 1 && (
                    <MinusCircleOutlined
                      aria-label={t('reimbursement.removeInvoice')}
                      onClick={() => remove(f.name)}
                    />
                  )}
                </Space>
              ))}
              <Form.Item>
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={fields.length >= MAX_CLAIM_INVOICES}
                  onClick={() => add({})}
                >
                  {t('reimbursement.addInvoice')}
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <Alert type="info" showIcon message={t('reimbursement.hint')} style={{ marginBottom: 12 }} />
        {refusal && (
          <Alert
            type="error"
            showIcon
            message={refusal}
            style={{ marginBottom: 12 }}
            data-testid="claim-refusal"
          />
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="claim-submit">
            {t('reimbursement.submit')}
          </Button>
          <Button onClick={onClose}>{t('reimbursement.cancel')}</Button>
        </Space>
      </Form>
    </Drawer>
  );
}

import type { CheckRecordView } from '@fpy/contracts';
import { legacyCheckElement, parseYuan } from '@fpy/domain';
import { Button, DatePicker, Form, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../../../lib/format.ts';
import { type CheckBody, check } from './checks-api.ts';

interface Values {
  family: 'digital' | 'legacy';
  code?: string;
  number: string;
  issueDate: Dayjs;
  amount?: string;
  checkCodeLast6?: string;
}

const yuanRule = (message: string) => ({
  validator: (_: unknown, v?: string) =>
    !v || parseYuan(v.trim()) !== null ? Promise.resolve() : Promise.reject(new Error(message)),
});

/**
 * The 查验 elements of §7.1: 数电 — number, date, 价税合计; 税控 — code, number, date and, by the code's kind, 金额
 * (专票) or 校验码后 6 位 (普票). The server judges the same rules (contracts checkElements).
 */
export function ElementsForm({ onChecked }: { onChecked: (r: CheckRecordView) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const family = Form.useWatch('family', form) ?? 'digital';
  const code = Form.useWatch('code', form) ?? '';
  const need = family === 'legacy' && /^\d{10}$|^\d{12}$/.test(code) ? legacyCheckElement(code) : 'either';

  const submit = async (v: Values) => {
    const fenOf = (s?: string) => (s?.trim() ? Number(parseYuan(s.trim())) : undefined);
    const body: CheckBody =
      v.family === 'digital'
        ? { number: v.number.trim(), issueDate: v.issueDate.format(DATE_FORMAT), totalFen: fenOf(v.amount) }
        : {
            code: v.code?.trim(),
            number: v.number.trim(),
            issueDate: v.issueDate.format(DATE_FORMAT),
            amountFen: fenOf(v.amount),
            checkCodeLast6: v.checkCodeLast6?.trim() || undefined,
          };
    setBusy(true);
    try {
      onChecked(await check(body));
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="check-elements"
      initialValues={{ family: 'digital' }}
      onFinish={submit}
      style={{ maxWidth: 520 }}
    >
      <Form.Item name="family" label={t('purchaseChecks.field.family')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'digital', label: t('purchaseChecks.family.digital') },
            { value: 'legacy', label: t('purchaseChecks.family.legacy') },
          ]}
        />
      </Form.Item>
      {family === 'legacy' && (
        <Form.Item
          name="code"
          label={t('purchaseChecks.field.code')}
          rules={[{ required: true, pattern: /^(\d{10}|\d{12})$/, message: t('purchaseChecks.rule.code') }]}
        >
          <Input maxLength={12} inputMode="numeric" />
        </Form.Item>
      )}
      <Form.Item
        name="number"
        label={t('purchaseChecks.field.number')}
        rules={[
          {
            required: true,
            pattern: family === 'digital' ? /^\d{20}$/ : /^\d{8}$/,
            message: t(
              family === 'digital' ? 'purchaseChecks.rule.digitalNumber' : 'purchaseChecks.rule.legacyNumber',
            ),
          },
        ]}
      >
        <Input maxLength={20} inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="issueDate"
        label={t('purchaseChecks.field.issueDate')}
        rules={[{ required: true, message: t('purchaseChecks.rule.issueDate') }]}
      >
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      {(family === 'digital' || need !== 'checkCode') && (
        <Form.Item
          name="amount"
          label={t(
            family === 'digital' ? 'purchaseChecks.field.totalYuan' : 'purchaseChecks.field.amountYuan',
          )}
          rules={[
            { required: family === 'digital' || need === 'amount', message: t('purchaseChecks.rule.amount') },
            yuanRule(t('purchaseChecks.rule.amount')),
          ]}
        >
          <Input inputMode="decimal" maxLength={16} />
        </Form.Item>
      )}
      {family === 'legacy' && need !== 'amount' && (
        <Form.Item
          name="checkCodeLast6"
          label={t('purchaseChecks.field.checkCodeLast6')}
          rules={[
            {
              required: need === 'checkCode',
              pattern: /^\d{6}$/,
              message: t('purchaseChecks.rule.checkCode'),
            },
          ]}
        >
          <Input maxLength={6} inputMode="numeric" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="check-submit">
        {t('purchaseChecks.check')}
      </Button>
    </Form>
  );
}

import { checkCreditCode, INVOICE_TYPE_RULES, type InvoiceType } from '@fpy/domain';
import { Form, Input, Select, Typography } from 'antd';
import i18n from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldControlProps, FieldOverride } from '../../../crud/field-override.ts';
import type { CellOverride } from '../../../crud/resource-table.tsx';
import { invoiceTypeName, invoiceTypeOptions } from '../../../entities/invoice/invoice-type.ts';

/** Live feedback under the tax number; the server's write hook applies the same rule (a checksum only warns, §5.1). */
function TaxNumberHint({ value, person }: { value: string; person: boolean }) {
  const { t } = useTranslation();
  const code = value.trim().toUpperCase();
  if (person || code.length < 15) return null;
  const check = checkCreditCode(code);
  if (check.status === 'malformed')
    return <Typography.Text type="danger">{t('customers.malformed')}</Typography.Text>;
  if (check.status === 'checksum_failed')
    return (
      <Typography.Text type="warning">
        {t('customers.checksum', { expected: check.expectedCheck })}
      </Typography.Text>
    );
  return null;
}

function TaxNumberInput({ id, value, onChange, form }: FieldControlProps) {
  const person = Form.useWatch('naturalPerson', form) ?? false;
  const text = (value as string | null | undefined) ?? '';
  return (
    <>
      <Input
        id={id}
        value={text}
        maxLength={20}
        style={{ textTransform: 'uppercase' }}
        onChange={(e) => onChange?.(e.target.value)}
      />
      <TaxNumberHint value={text} person={person} />
    </>
  );
}

/** §5.3: natural persons may only be invoiced on 普票 types; switching to one drops a 专票 default. */
function InvoiceTypeSelect({ id, value, onChange, form }: FieldControlProps) {
  const { t } = useTranslation();
  const person = Form.useWatch('naturalPerson', form) ?? false;
  const type = value as InvoiceType | null | undefined;
  useEffect(() => {
    if (person && type && !INVOICE_TYPE_RULES[type].naturalPersonBuyerAllowed) onChange?.(null);
  }, [person, type, onChange]);
  return (
    <Select
      id={id}
      allowClear
      value={type ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={invoiceTypeOptions(t, (r) => !person || r.naturalPersonBuyerAllowed)}
    />
  );
}

/** The form's special widgets; the server's write hook repeats every rule they hint at. */
export const customerFields: Record<string, FieldOverride> = {
  taxNumber: {
    input: TaxNumberInput,
    rules: [
      ({ getFieldValue }) => ({
        required: !getFieldValue('naturalPerson'),
        message: i18n.t('customers.taxNumberRequired'),
      }),
    ],
  },
  defaultInvoiceType: { input: InvoiceTypeSelect },
};

function InvoiceTypeCell({ value }: { value: InvoiceType }) {
  const { t } = useTranslation();
  return invoiceTypeName(t, value);
}

/** The type's name in the current language (the metadata's option labels are the Excel sheet's Chinese). */
export const customerCells: Record<string, CellOverride> = {
  defaultInvoiceType: (v) => (v ? <InvoiceTypeCell value={v as InvoiceType} /> : ''),
};

import { type CustomerRow, suggestCustomers } from '@fpy/contracts';
import { checkCreditCode, type InvoiceType, invoiceTypeRules } from '@fpy/domain';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Col, Form, type FormInstance, Input, Row, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../lib/http.ts';
import type { HeaderValues } from './form-model.ts';
import { useDebounced } from './use-calculation.ts';

/**
 * 购买方: name with the customer picker (fills every field), tax number checked as typed (malformed → error,
 * checksum → warning, §5.1), natural-person switch where the invoice type allows it (§5.3).
 */
export function BuyerFields({ form, type }: { form: FormInstance<HeaderValues>; type: InvoiceType }) {
  const { t } = useTranslation();
  const rules = invoiceTypeRules(type);
  const naturalPerson = Form.useWatch(['buyer', 'naturalPerson'], form) ?? false;
  const [q, setQ] = useState('');
  const debounced = useDebounced(q.trim(), 300);
  const { data: suggestions } = useQuery({
    queryKey: ['invoicing', 'buyer-suggest', debounced],
    queryFn: ({ signal }) => call(suggestCustomers, { query: { q: debounced }, signal, silent: true }),
    enabled: debounced.length > 0,
    staleTime: 30_000,
  });

  const pick = (c: CustomerRow) => {
    form.setFieldsValue({
      buyer: {
        name: c.name,
        taxNumber: c.taxNumber ?? undefined,
        naturalPerson: c.naturalPerson && rules.naturalPersonBuyerAllowed,
        address: c.address ?? undefined,
        phone: c.phone ?? undefined,
        bank: c.bank ?? undefined,
        account: c.account ?? undefined,
        email: c.email ?? undefined,
      },
      ...(c.defaultInvoiceType ? { type: c.defaultInvoiceType } : {}),
    });
    void form.validateFields([['buyer', 'taxNumber']]).catch(() => undefined);
  };

  const taxRequired = rules.buyerTaxNumberRequired || !naturalPerson;
  const taxRules: Rule[] = [
    {
      validator: (_, v?: string) => {
        const value = v?.trim() ?? '';
        if (!value)
          return taxRequired ? Promise.reject(new Error(t('opener.buyer.taxRequired'))) : Promise.resolve();
        return checkCreditCode(value.toUpperCase()).status === 'malformed'
          ? Promise.reject(new Error(t('opener.buyer.taxMalformed')))
          : Promise.resolve();
      },
    },
    {
      warningOnly: true,
      validator: (_, v?: string) => {
        const c = v?.trim() ? checkCreditCode(v.trim().toUpperCase()) : null;
        return c?.status === 'checksum_failed'
          ? Promise.reject(new Error(t('opener.buyer.taxChecksum', { check: c.expectedCheck })))
          : Promise.resolve();
      },
    },
  ];

  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item
          name={['buyer', 'name']}
          label={t('opener.buyer.name')}
          rules={[{ required: true, whitespace: true, message: t('opener.buyer.nameRequired') }]}
        >
          <AutoComplete
            id="buyer-name"
            placeholder={t('opener.buyer.nameHint')}
            onSearch={setQ}
            options={(suggestions ?? []).map((c) => ({
              value: c.name,
              label: (
                <span data-testid="buyer-option">
                  {c.name} <span style={{ color: '#999' }}>{c.taxNumber}</span>
                </span>
              ),
              customer: c,
            }))}
            onSelect={(_, o) => pick((o as { customer: CustomerRow }).customer)}
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name={['buyer', 'taxNumber']}
          label={t('opener.buyer.taxNumber')}
          rules={taxRules}
          dependencies={[['buyer', 'naturalPerson'], 'type']}
          normalize={(v?: string) => v?.toUpperCase()}
        >
          <Input id="buyer-tax-number" maxLength={20} />
        </Form.Item>
      </Col>
      <Col span={4}>
        {rules.naturalPersonBuyerAllowed ? (
          <Form.Item
            name={['buyer', 'naturalPerson']}
            label={t('opener.buyer.naturalPerson')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        ) : null}
      </Col>
      <Col span={12}>
        <Form.Item name={['buyer', 'address']} label={t('opener.buyer.address')}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name={['buyer', 'phone']} label={t('opener.buyer.phone')}>
          <Input maxLength={40} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name={['buyer', 'bank']} label={t('opener.buyer.bank')}>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name={['buyer', 'account']} label={t('opener.buyer.account')}>
          <Input maxLength={40} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name={['buyer', 'email']}
          label={t('opener.buyer.email')}
          rules={[{ type: 'email', message: t('opener.buyer.emailInvalid') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
      </Col>
    </Row>
  );
}

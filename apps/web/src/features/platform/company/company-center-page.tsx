import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { creditCodeRules } from '../../../lib/form-rules.ts';
import { SESSION_KEY } from '../../../lib/permission.tsx';
import { type CompanyUpdate, companyQuery, saveCompany } from './company-api.ts';

/**
 * Spec §2.11 /companyCenter: the company's own details, which become the seller block of its invoices.
 * Platform accounts never reach it (routes.ts).
 */
export default function CompanyCenterPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery(companyQuery);
  const [busy, setBusy] = useState(false);

  if (!data) return <Skeleton active />;

  const submit = async (values: CompanyUpdate) => {
    setBusy(true);
    try {
      const reply = await saveCompany({ ...values, creditCode: values.creditCode?.trim().toUpperCase() });
      toast.success(t('common.saved'));
      // The server keeps a checksum-failing code (pilot regions) but says so; the user should know.
      if (reply.creditCodeWarning) toast.warning(reply.creditCodeWarning);
      await queryClient.invalidateQueries({ queryKey: [SESSION_KEY] });
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  const item = (name: keyof CompanyUpdate, max: number, required = false) => (
    <Form.Item
      name={name}
      label={t(`company.fields.${name}`)}
      rules={
        required
          ? [
              {
                required: true,
                whitespace: true,
                message: t('common.required', { field: t(`company.fields.${name}`) }),
              },
            ]
          : []
      }
    >
      <Input maxLength={max} />
    </Form.Item>
  );

  return (
    <Card title={t('company.title')}>
      <Alert type="info" showIcon title={t('company.sellerHint')} style={{ marginBottom: 16 }} />
      <Form<CompanyUpdate>
        layout="vertical"
        name="company"
        initialValues={data}
        onFinish={submit}
        style={{ maxWidth: 900 }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {item('name', 100, true)}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="creditCode"
              label={t('company.fields.creditCode')}
              rules={creditCodeRules()}
              normalize={(v: string) => v.toUpperCase().replace(/\s/g, '')}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {item('address', 200)}
          </Col>
          <Col xs={24} md={12}>
            {item('phone', 32)}
          </Col>
          <Col xs={24} md={12}>
            {item('bank', 100)}
          </Col>
          <Col xs={24} md={12}>
            {item('account', 40)}
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

import { isPlatformAccount } from '@fpy/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { toast } from '../../lib/feedback.ts';
import { creditCodeRules } from '../../lib/form-rules.ts';
import { SESSION_KEY, useProfile } from '../../lib/permission.tsx';
import { type Company, companyQuery, saveCompany } from './company-api.ts';

/** Spec §2.11 /companyCenter: the company's own details, which become the seller block of its invoices. */
export default function CompanyCenterPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const platform = profile ? isPlatformAccount(profile.isSuperAdmin) : false;
  const { data } = useQuery({ ...companyQuery, enabled: !platform });
  const [busy, setBusy] = useState(false);

  // Platform accounts belong to no company (spec §6: the entry is hidden for them).
  if (platform) return <Navigate to="/401" replace />;
  if (!data) return <Skeleton active />;

  const submit = async (values: Company) => {
    setBusy(true);
    try {
      await saveCompany({ ...values, creditCode: values.creditCode.trim().toUpperCase() });
      toast.success(t('common.saved'));
      await queryClient.invalidateQueries({ queryKey: [SESSION_KEY] });
    } catch {
      // Shown by the shared client.
    } finally {
      setBusy(false);
    }
  };

  const item = (name: keyof Company, max: number, required = false) => (
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
      <Form<Company>
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

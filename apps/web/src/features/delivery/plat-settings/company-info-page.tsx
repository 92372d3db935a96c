import { UploadOutlined } from '@ant-design/icons';
import { type CompanyInfoInput, companyInfoInput, saveCompanyInfo, uploadCompanyLogo } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Image, Input, Row, Skeleton, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { useCan } from '../../../lib/permission.tsx';
import { companyInfoQuery, ignore, platKeys, schemaRule } from './plat-api.ts';

/** The server's limits: PNG, JPEG or SVG up to 2 MB (it rewrites the image as PNG or JPEG). */
const ACCEPT = ['image/png', 'image/jpeg', 'image/svg+xml'];
const MAX_BYTES = 2 * 1024 * 1024;

type Field = keyof CompanyInfoInput;
const TEXT_FIELDS: { name: Field; max: number; wide?: boolean }[] = [
  { name: 'displayName', max: 50 },
  { name: 'hotline', max: 20 },
  { name: 'replyEmail', max: 128 },
  { name: 'website', max: 200 },
  { name: 'address', max: 200, wide: true },
];

/**
 * Spec §2.12 /invoicePlat/companyinfo: what buyers see of the company on the delivery pages and in messages
 * (name, logo, hotline, reply address, website). The registration's details are the defaults until saved.
 */
export default function CompanyInfoPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useQuery(companyInfoQuery);
  const [form] = Form.useForm<CompanyInfoInput>();
  const logoUrl = Form.useWatch('logoUrl', form) as string | null | undefined;
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const canEdit = useCan('companyinfo:btn_edit');

  if (!data) return <Skeleton active />;

  const label = (name: Field) => t(`plat.company.fields.${name}`);

  const upload = async (file: File) => {
    if (!ACCEPT.includes(file.type)) return toast.warning(t('plat.company.badType'));
    if (file.size > MAX_BYTES) return toast.warning(t('plat.company.tooLarge'));
    const body = new FormData();
    body.append('file', file);
    setUploading(true);
    try {
      const { url } = await call(uploadCompanyLogo, { body });
      form.setFieldValue('logoUrl', url);
      toast.success(t('plat.company.uploaded'));
    } catch {
      // Shown by the shared client.
    } finally {
      setUploading(false);
    }
  };

  const submit = (values: CompanyInfoInput) => {
    setBusy(true);
    call(saveCompanyInfo, { body: { ...values, logoUrl: values.logoUrl ?? null } })
      .then((reply) => {
        qc.setQueryData(platKeys.companyInfo, reply);
        toast.success(t('common.saved'));
      }, ignore)
      .finally(() => setBusy(false));
  };

  return (
    <Card title={t('plat.company.title')}>
      <Alert type="info" showIcon title={t('plat.company.hint')} style={{ marginBottom: 16 }} />
      <Form<CompanyInfoInput>
        form={form}
        layout="vertical"
        name="companyInfo"
        initialValues={data}
        onFinish={submit}
        disabled={!canEdit}
        style={{ maxWidth: 900 }}
      >
        <Row gutter={16}>
          {TEXT_FIELDS.map((f) => (
            <Col key={f.name} xs={24} md={f.wide ? 24 : 12}>
              <Form.Item
                name={f.name}
                label={label(f.name)}
                extra={t(`plat.company.extra.${f.name}`, { defaultValue: '' }) || undefined}
                rules={[schemaRule(companyInfoInput.shape[f.name], label(f.name))]}
              >
                <Input maxLength={f.max} allowClear={f.name !== 'displayName'} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24}>
            <Form.Item name="logoUrl" hidden>
              <Input />
            </Form.Item>
            <Form.Item label={label('logoUrl')} extra={t('plat.company.logoHint')}>
              <Space align="center" size="large">
                <div
                  style={{
                    width: 200,
                    height: 80,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    background: 'rgba(0,0,0,0.03)',
                  }}
                >
                  {logoUrl ? (
                    <Image
                      src={logoUrl}
                      alt={label('logoUrl')}
                      data-testid="company-logo"
                      style={{ maxHeight: 76, maxWidth: 196, objectFit: 'contain' }}
                    />
                  ) : (
                    <span style={{ opacity: 0.45 }}>{t('plat.company.noLogo')}</span>
                  )}
                </div>
                <Upload
                  accept=".png,.jpg,.jpeg,.svg"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void upload(file);
                    // Sent through the shared client (auth header, error display), not antd's XHR.
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />} loading={uploading}>
                    {t('plat.company.chooseLogo')}
                  </Button>
                </Upload>
                {logoUrl && (
                  <Button type="link" danger onClick={() => form.setFieldValue('logoUrl', null)}>
                    {t('plat.company.removeLogo')}
                  </Button>
                )}
              </Space>
            </Form.Item>
          </Col>
        </Row>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

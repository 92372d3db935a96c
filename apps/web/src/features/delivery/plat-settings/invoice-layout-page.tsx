import { saveInvoiceLayout } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { useCan } from '../../../lib/permission.tsx';
import { ignore, layoutQuery, platKeys } from './plat-api.ts';

interface Values {
  stampSeal: boolean;
  payeeReviewerInRemarks: boolean;
}

/**
 * Spec §2.12 /invoicePlat/fpmb (发票模板): the options of the company's invoice PDFs that the renderer honours.
 * The 数电 face itself is fixed by the tax bureau; the XML master never changes with these options.
 */
export default function InvoiceLayoutPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useQuery(layoutQuery);
  const [busy, setBusy] = useState(false);
  const canEdit = useCan('fpmb:btn_edit');
  const canSeal = useCan('openerSetup');

  if (!data) return <Skeleton active />;

  const submit = (body: Values) => {
    setBusy(true);
    call(saveInvoiceLayout, { body })
      .then((reply) => {
        qc.setQueryData(platKeys.layout, reply);
        toast.success(t('common.saved'));
      }, ignore)
      .finally(() => setBusy(false));
  };

  return (
    <Card title={t('plat.layout.title')}>
      <Alert type="info" showIcon title={t('plat.layout.hint')} style={{ marginBottom: 16, maxWidth: 760 }} />
      <Form<Values>
        layout="horizontal"
        name="invoiceLayout"
        labelCol={{ flex: '220px' }}
        initialValues={data}
        onFinish={submit}
        disabled={!canEdit}
        style={{ maxWidth: 760 }}
      >
        <Form.Item
          name="stampSeal"
          label={t('plat.layout.stampSeal')}
          valuePropName="checked"
          extra={
            data.hasSeal ? (
              t('plat.layout.sealReady')
            ) : (
              <span>
                {t('plat.layout.noSeal')}{' '}
                {canSeal && <Link to="/outputInvoiceManager/openerSetup">{t('plat.layout.uploadSeal')}</Link>}
              </span>
            )
          }
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="payeeReviewerInRemarks"
          label={t('plat.layout.payeeReviewer')}
          valuePropName="checked"
          extra={t('plat.layout.payeeReviewerHint')}
        >
          <Switch />
        </Form.Item>
        {canEdit && (
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Form.Item>
        )}
      </Form>
      <Descriptions
        title={t('plat.layout.fixedTitle')}
        column={1}
        size="small"
        style={{ maxWidth: 760, marginTop: 24 }}
        items={[
          { key: 'face', label: t('plat.layout.fixedFace'), children: t('plat.layout.fixedFaceText') },
          { key: 'xml', label: t('plat.layout.fixedXml'), children: t('plat.layout.fixedXmlText') },
          { key: 'when', label: t('plat.layout.when'), children: t('plat.layout.whenText') },
        ]}
      />
    </Card>
  );
}

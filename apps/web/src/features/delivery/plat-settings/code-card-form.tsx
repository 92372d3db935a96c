import { type CodeCardPageInput, codeCardPageInput, FIELD_MODES, saveCodeCardPage } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Radio, Row, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { useCan } from '../../../lib/permission.tsx';
import { codeCardQuery, ignore, platKeys, schemaRule } from './plat-api.ts';

const BUYER_FIELDS = ['email', 'mobile', 'addressPhone', 'bankAccount'] as const;

/**
 * 码牌页面 (spec §7 POST /api/admin/enterpriseParameterSetting/codeCardPage): what a buyer sees after scanning
 * the company's code card — title, notice, whether individuals and 专票 may be asked for, which buyer fields
 * are required, optional or not asked. (The company title's 纳税人识别号 is always required by law.)
 */
export function CodeCardForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useQuery(codeCardQuery);
  const [busy, setBusy] = useState(false);
  const canEdit = useCan('zzsdzfp:btn_codeCard');
  if (!data) return <Skeleton active />;

  const submit = (body: CodeCardPageInput) => {
    setBusy(true);
    call(saveCodeCardPage, { body })
      .then((reply) => {
        qc.setQueryData(platKeys.codeCard, reply);
        toast.success(t('common.saved'));
      }, ignore)
      .finally(() => setBusy(false));
  };

  const label = (k: string) => t(`plat.codeCard.${k}`);
  return (
    <Form<CodeCardPageInput>
      name="codeCardPage"
      layout="vertical"
      initialValues={data}
      onFinish={submit}
      disabled={!canEdit}
      style={{ maxWidth: 760 }}
    >
      <Form.Item
        name="title"
        label={label('title')}
        rules={[schemaRule(codeCardPageInput.shape.title, label('title'))]}
      >
        <Input maxLength={30} showCount />
      </Form.Item>
      <Form.Item name="notice" label={label('notice')} extra={label('noticeHint')}>
        <Input.TextArea maxLength={500} showCount rows={3} />
      </Form.Item>
      <Form.Item name="successText" label={label('successText')}>
        <Input maxLength={100} placeholder={label('successPlaceholder')} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={12}>
          <Form.Item name="allowPersonal" label={label('allowPersonal')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="allowSpecial"
            label={label('allowSpecial')}
            valuePropName="checked"
            extra={label('allowSpecialHint')}
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      {BUYER_FIELDS.map((k) => (
        <Form.Item
          key={k}
          name={['fields', k]}
          label={t(`plat.codeCard.fields.${k}`)}
          dependencies={k === 'mobile' ? [['fields', 'email']] : undefined}
          rules={
            k === 'mobile'
              ? [
                  ({ getFieldValue }) => ({
                    validator: (_, v) =>
                      v === 'hidden' && getFieldValue(['fields', 'email']) === 'hidden'
                        ? Promise.reject(new Error(label('noContact')))
                        : Promise.resolve(),
                  }),
                ]
              : undefined
          }
        >
          <Radio.Group
            optionType="button"
            options={FIELD_MODES.map((m) => ({ value: m, label: t(`plat.codeCard.modes.${m}`) }))}
          />
        </Form.Item>
      ))}
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('common.save')}
        </Button>
      )}
    </Form>
  );
}

import { SMS_MAX_CHARS, TEMPLATE_SAMPLE } from '@fpy/contracts';
import { DELIVERY_TEMPLATE_VARIABLES, renderTemplate, smsSegments, templateVariables } from '@fpy/domain';
import type { FormRule } from 'antd';
import { Alert, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import i18n from 'i18next';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldControlProps } from '../../../crud/field-override.ts';

const ALLOWED: readonly string[] = DELIVERY_TEMPLATE_VARIABLES;

/** Unknown {{variables}} named as the server names them (it refuses them too: TEMPLATE_UNKNOWN_VARIABLE). */
export const knownVariablesRule: FormRule = {
  validator: (_, value: unknown) => {
    const unknown =
      typeof value === 'string' ? templateVariables(value).filter((v) => !ALLOWED.includes(v)) : [];
    return unknown.length
      ? Promise.reject(new Error(i18n.t('plat.template.unknown', { names: unknown.join('、') })))
      : Promise.resolve();
  },
};

/** What the buyer would receive for the sample invoice, with the SMS signature and length as charged. */
export function TemplatePreview({ channel, subject, body, signName }: Record<string, string | undefined>) {
  const { t } = useTranslation();
  const text = renderTemplate(body ?? '', TEMPLATE_SAMPLE);
  if (channel === 'email')
    return (
      <Card size="small" title={t('plat.template.previewTitle')} data-testid="template-preview">
        <Typography.Text strong>{renderTemplate(subject ?? '', TEMPLATE_SAMPLE)}</Typography.Text>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 8, marginBottom: 0 }}>
          {text}
        </Typography.Paragraph>
      </Card>
    );
  const sms = `${signName ? `【${signName}】` : ''}${text}`;
  const chars = [...sms].length;
  const segments = smsSegments(sms);
  return (
    <Card size="small" title={t('plat.template.previewTitle')} data-testid="template-preview">
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{sms}</Typography.Paragraph>
      <Space wrap>
        <Tag color={chars > SMS_MAX_CHARS ? 'red' : 'blue'} data-testid="sms-length">
          {t('plat.template.length', { chars, max: SMS_MAX_CHARS })}
        </Tag>
        <Tag color={segments > 1 ? 'orange' : 'green'} data-testid="sms-segments">
          {t('plat.template.segments', { count: segments })}
        </Tag>
        {!signName && <Typography.Text type="secondary">{t('plat.template.companySign')}</Typography.Text>}
      </Space>
    </Card>
  );
}

/**
 * The body field of the template form (the resource page's field override): the text, buttons that insert a
 * variable at the cursor, and the live preview rendered by the same renderTemplate the dispatcher uses.
 */
export function TemplateBodyInput({ id, value, onChange, form }: FieldControlProps) {
  const { t } = useTranslation();
  const ref = useRef<TextAreaRef>(null);
  const channel = Form.useWatch('channel', form) as string | undefined;
  const subject = Form.useWatch('subject', form) as string | undefined;
  const signName = Form.useWatch('signName', form) as string | undefined;
  const body = typeof value === 'string' ? value : '';
  const unknown = templateVariables(`${subject ?? ''} ${body}`).filter((v) => !ALLOWED.includes(v));

  const insert = (name: string) => {
    const el = ref.current?.resizableTextArea?.textArea;
    const at = el ? el.selectionStart : body.length;
    const end = el ? el.selectionEnd : body.length;
    onChange?.(`${body.slice(0, at)}{{${name}}}${body.slice(end)}`);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap size={4}>
        <Typography.Text type="secondary">{t('plat.template.insert')}</Typography.Text>
        {ALLOWED.map((v) => (
          <Button key={v} size="small" onClick={() => insert(v)}>
            {t(`plat.template.vars.${v}`)}
          </Button>
        ))}
      </Space>
      <Input.TextArea
        id={id}
        ref={ref}
        value={body}
        onChange={(e) => onChange?.(e.target.value)}
        rows={channel === 'email' ? 8 : 4}
        maxLength={5000}
        data-testid="template-body"
      />
      {unknown.length > 0 && (
        <Alert type="error" showIcon title={t('plat.template.unknown', { names: unknown.join('、') })} />
      )}
      <TemplatePreview channel={channel} subject={subject} body={body} signName={signName} />
    </Space>
  );
}

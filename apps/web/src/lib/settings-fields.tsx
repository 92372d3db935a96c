import { SECRET_MASK, type SettingsField } from '@fpy/contracts';
import { Col, Form, type FormRule, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './i18n.ts';

/** Blank as a form means it: nothing typed, or only spaces. */
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/**
 * One vendor's settings drawn from its fields (contracts settings.ts: the kind's schema plus its meta), under
 * `at` in the form (['config'] on the provider pages). Each value is checked with the field's own schema, as the
 * server checks it; a blank optional field is the server's to default. A secret shows SECRET_MASK when one is
 * stored; left as it is (or blank) the server keeps the stored one, so it is required only on creation.
 */
export function SettingsFields({
  fields,
  at,
  editing,
}: {
  fields: readonly SettingsField[];
  at: readonly string[];
  editing: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (!fields.length) return null;
  return (
    <Row gutter={12}>
      {fields.map((f) => {
        const label = f.label[lang];
        const required = f.required || (!!f.requiredOnCreate && !editing);
        const rule: FormRule = {
          validator: (_, value) => {
            if (isBlank(value))
              return required
                ? Promise.reject(new Error(f.invalid?.[lang] ?? t('common.required', { field: label })))
                : Promise.resolve();
            return f.check(value)
              ? Promise.resolve()
              : Promise.reject(new Error(f.invalid?.[lang] ?? t('common.invalid', { field: label })));
          },
        };
        const secretKept =
          f.input === 'secret' && editing ? t('common.secretKept', { mask: SECRET_MASK }) : undefined;
        return (
          <Col span={f.span ?? 24} key={f.key}>
            <Form.Item
              name={[...at, f.key]}
              label={label}
              required={required}
              rules={f.input === 'switch' ? [] : [rule]}
              valuePropName={f.input === 'switch' ? 'checked' : 'value'}
              extra={secretKept ?? f.help?.[lang]}
            >
              {input(f)}
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}

function input(f: SettingsField) {
  switch (f.input) {
    case 'switch':
      return <Switch />;
    case 'number':
      return <InputNumber min={f.min} max={f.max} precision={0} style={{ width: '100%' }} />;
    case 'select':
      return <Select options={(f.options ?? []).map((value) => ({ value, label: value }))} />;
    case 'secret':
      return <Input.Password autoComplete="new-password" maxLength={f.maxLength} />;
    default:
      return <Input placeholder={f.placeholder} maxLength={f.maxLength} autoComplete="off" />;
  }
}

import { type ProviderKind, SCENE_TEMPLATE_FIELD, SECRET_MASK, smsScenes } from '@fpy/contracts';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/** Endpoint as the SDKs take it: host or host:port, no scheme or path (the server checks the same). */
const ENDPOINT_RE = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

/**
 * The settings of one provider kind, under `config` in the form. A secret field shows SECRET_MASK when one is
 * stored; left as it is (or blank), the server keeps the stored secret.
 */
export function ConfigFields({ kind, editing }: { kind: ProviderKind; editing: boolean }) {
  const { t } = useTranslation();
  const p = 'deliveryProviders.config';
  const required = (label: string) => [
    { required: true, whitespace: true, message: t(`${p}.required`, { label }) },
  ];
  const secret = (name: string, label: string) => (
    <Form.Item
      name={['config', name]}
      label={label}
      rules={editing ? [] : required(label)}
      extra={editing ? t(`${p}.secretKept`, { mask: SECRET_MASK }) : undefined}
    >
      <Input.Password autoComplete="new-password" maxLength={255} />
    </Form.Item>
  );
  const endpoint = (fallback: string) => (
    <Row gutter={12}>
      <Col span={14}>
        <Form.Item
          name={['config', 'endpoint']}
          label={t(`${p}.endpoint`)}
          extra={t(`${p}.endpointHelp`, { fallback })}
          rules={[{ pattern: ENDPOINT_RE, message: t(`${p}.endpointInvalid`) }]}
        >
          <Input placeholder={fallback} maxLength={255} />
        </Form.Item>
      </Col>
      <Col span={10}>
        <Form.Item name={['config', 'protocol']} label={t(`${p}.protocol`)}>
          <Select options={[{ value: 'https' }, { value: 'http' }].map((o) => ({ ...o, label: o.value }))} />
        </Form.Item>
      </Col>
    </Row>
  );

  if (kind === 'sandbox') return null;
  if (kind === 'smtp')
    return (
      <>
        <Row gutter={12}>
          <Col span={16}>
            <Form.Item name={['config', 'host']} label={t(`${p}.host`)} rules={required(t(`${p}.host`))}>
              <Input placeholder="smtp.exmail.qq.com" maxLength={255} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name={['config', 'port']}
              label={t(`${p}.port`)}
              rules={[{ required: true, message: t(`${p}.portInvalid`) }]}
            >
              <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name={['config', 'secure']}
              label={t(`${p}.secure`)}
              valuePropName="checked"
              extra={t(`${p}.secureHelp`)}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name={['config', 'rejectUnauthorized']}
              label={t(`${p}.verifyCert`)}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name={['config', 'user']} label={t(`${p}.user`)}>
              <Input autoComplete="off" maxLength={128} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name={['config', 'pass']}
              label={t(`${p}.pass`)}
              extra={editing ? t(`${p}.secretKept`, { mask: SECRET_MASK }) : undefined}
            >
              <Input.Password autoComplete="new-password" maxLength={255} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={14}>
            <Form.Item
              name={['config', 'from']}
              label={t(`${p}.from`)}
              rules={[{ required: true, type: 'email', message: t(`${p}.fromInvalid`) }]}
            >
              <Input placeholder="fapiao@example.com" maxLength={128} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name={['config', 'fromName']} label={t(`${p}.fromName`)}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={14}>
            <Form.Item
              name={['config', 'bounceAddress']}
              label={t(`${p}.bounceAddress`)}
              extra={t(`${p}.bounceAddressHelp`)}
              rules={[{ type: 'email', message: t(`${p}.bounceAddressInvalid`) }]}
            >
              <Input placeholder="bounces@example.com" maxLength={128} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item
              name={['config', 'verp']}
              label={t(`${p}.verp`)}
              valuePropName="checked"
              extra={t(`${p}.verpHelp`)}
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </>
    );
  if (kind === 'aliyun')
    return (
      <>
        <Form.Item name={['config', 'accessKeyId']} label="AccessKey ID" rules={required('AccessKey ID')}>
          <Input autoComplete="off" maxLength={128} />
        </Form.Item>
        {secret('accessKeySecret', 'AccessKey Secret')}
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name={['config', 'signName']}
              label={t(`${p}.signName`)}
              rules={required(t(`${p}.signName`))}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name={['config', 'templateCode']}
              label={t(`${p}.templateCode`)}
              extra={t(`${p}.templateHelp`)}
            >
              <Input placeholder="SMS_123456789" maxLength={64} />
            </Form.Item>
          </Col>
        </Row>
        <SceneTemplates max={64} placeholder="SMS_123456789" />
        {endpoint('dysmsapi.aliyuncs.com')}
        <Form.Item name={['config', 'regionId']} label={t(`${p}.region`)}>
          <Input placeholder="cn-hangzhou" maxLength={64} />
        </Form.Item>
      </>
    );
  return (
    <>
      <Form.Item name={['config', 'secretId']} label="SecretId" rules={required('SecretId')}>
        <Input autoComplete="off" maxLength={128} />
      </Form.Item>
      {secret('secretKey', 'SecretKey')}
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name={['config', 'sdkAppId']}
            label="SdkAppId"
            rules={[{ required: true, pattern: /^\d{1,20}$/, message: t(`${p}.sdkAppIdInvalid`) }]}
          >
            <Input placeholder="1400000000" maxLength={20} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name={['config', 'signName']}
            label={t(`${p}.signName`)}
            rules={required(t(`${p}.signName`))}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name={['config', 'templateId']} label={t(`${p}.templateId`)} extra={t(`${p}.templateHelp`)}>
        <Input placeholder="1234567" maxLength={32} />
      </Form.Item>
      <SceneTemplates max={32} placeholder="1234567" />
      {endpoint('sms.tencentcloudapi.com')}
      <Form.Item name={['config', 'region']} label={t(`${p}.region`)}>
        <Input placeholder="ap-guangzhou" maxLength={64} />
      </Form.Item>
    </>
  );
}

/** The approved template of each scene (contracts SCENE_TEMPLATE_FIELD); blank = none for that scene. */
function SceneTemplates({ max, placeholder }: { max: number; placeholder: string }) {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      {smsScenes.map((scene) => (
        <Col span={8} key={scene}>
          <Form.Item
            name={['config', SCENE_TEMPLATE_FIELD[scene]]}
            label={t(`deliveryProviders.config.scenes.${scene}`)}
            extra={t(`deliveryProviders.config.sceneHelp.${scene}`)}
          >
            <Input placeholder={placeholder} maxLength={max} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** What a new account of `kind` starts with (the server's defaults, shown so the administrator sees them). */
export function defaultConfig(kind: ProviderKind): Record<string, unknown> {
  switch (kind) {
    case 'smtp':
      return { port: 465, secure: true, rejectUnauthorized: true, verp: false };
    case 'aliyun':
      return { endpoint: 'dysmsapi.aliyuncs.com', protocol: 'https', regionId: 'cn-hangzhou' };
    case 'tencent':
      return { endpoint: 'sms.tencentcloudapi.com', protocol: 'https', region: 'ap-guangzhou' };
    default:
      return {};
  }
}

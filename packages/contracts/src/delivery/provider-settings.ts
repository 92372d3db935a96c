import type { MessageText } from '../messages/text.ts';
import { type FieldMeta, type SettingsField, settingsFields } from '../settings.ts';
import { aliyunConfig, type ProviderKind, SECRET_FIELDS, smtpConfig, tencentConfig } from './providers.ts';

/**
 * The field meta of each provider kind's settings (issue 29 §2): one form on the provider pages is drawn from it
 * and the kind's schema (contracts settings.ts). Words here in both languages; length, required-ness, bounds and
 * choices come from the schemas in providers.ts.
 */
const t = (zh: string, en: string): MessageText => ({ zh, en });

const endpoint = (fallback: string): FieldMeta => ({
  label: t('接入地址', 'Endpoint'),
  help: t(`默认 ${fallback}`, `Default ${fallback}`),
  placeholder: fallback,
  span: 14,
  invalid: t(
    '应为域名或 域名:端口，不含 http:// 与路径',
    'A host name or host:port, without http:// or a path',
  ),
});
const protocol: FieldMeta = { label: t('协议', 'Protocol'), span: 10 };
const region = (placeholder: string): FieldMeta => ({ label: t('地域', 'Region'), placeholder });
const signName: FieldMeta = { label: t('短信签名', 'SMS signature'), span: 12 };
const templateHelp = t('消息未指定模板时使用', 'Used when a message names no template');

/** The approved template of each scene (the SCENE_TEMPLATE_FIELD keys); blank = none for that scene. */
const sceneTemplates = (placeholder: string) => {
  const scene = (label: MessageText, help: MessageText): FieldMeta => ({ label, help, placeholder, span: 8 });
  return {
    invoiceTemplate: scene(
      t('发票交付模板', 'Invoice delivery template'),
      t('留空用默认模板', 'Blank uses the default template'),
    ),
    verifyCodeTemplate: scene(t('验证码模板', 'Verification code template'), t('变量 code', 'Variable code')),
    noticeTemplate: scene(t('通知模板', 'Notice template'), t('无变量', 'No variables')),
  } satisfies Record<`${string}Template`, FieldMeta>;
};
const smtp = settingsFields(
  smtpConfig,
  {
    host: { label: t('SMTP服务器', 'SMTP server'), placeholder: 'smtp.exmail.qq.com', span: 16 },
    port: {
      label: t('端口', 'Port'),
      span: 8,
      initial: 465,
      invalid: t('端口须为1–65535的整数', 'The port must be a whole number from 1 to 65535'),
    },
    secure: {
      label: t('SSL/TLS 直连', 'SSL/TLS from the start'),
      help: t(
        '465 端口开启；25/587 关闭（支持时自动 STARTTLS）',
        'On for port 465; off for 25/587 (STARTTLS when offered)',
      ),
      span: 12,
      initial: true,
    },
    rejectUnauthorized: { label: t('校验服务器证书', 'Verify the server certificate'), span: 12 },
    user: { label: t('用户名', 'User name'), span: 12 },
    pass: { label: t('密码', 'Password'), span: 12 },
    from: {
      label: t('发件人地址', 'From address'),
      placeholder: 'fapiao@example.com',
      span: 14,
      invalid: t('发件人地址格式不正确', 'The from address is not valid'),
    },
    fromName: { label: t('发件人名称', 'From name'), span: 10 },
    bounceAddress: {
      label: t('退信地址', 'Bounce address'),
      help: t(
        '退信与投递状态通知（DSN）寄往此邮箱；留空用发件人地址',
        'Bounces and delivery status notifications (DSN) go to this mailbox; blank uses the from address',
      ),
      placeholder: 'bounces@example.com',
      span: 14,
      invalid: t('退信地址格式不正确', 'The bounce address is not valid'),
    },
    verp: {
      label: t('VERP 退信地址', 'VERP bounce address'),
      help: t(
        '每封邮件的退信地址带上邮件标识（bounces+标识@域名），便于识别退信',
        "Each message's bounce address carries its tag (bounces+tag@domain), so any bounce names its message",
      ),
      span: 10,
    },
  },
  SECRET_FIELDS.smtp,
);

const aliyun = settingsFields(
  aliyunConfig,
  {
    accessKeyId: { label: t('AccessKey ID', 'AccessKey ID') },
    accessKeySecret: { label: t('AccessKey Secret', 'AccessKey Secret'), requiredOnCreate: true },
    signName,
    templateCode: {
      label: t('默认模板编号', 'Default template code'),
      help: templateHelp,
      placeholder: 'SMS_123456789',
      span: 12,
    },
    ...sceneTemplates('SMS_123456789'),
    endpoint: endpoint('dysmsapi.aliyuncs.com'),
    protocol,
    regionId: region('cn-hangzhou'),
  },
  SECRET_FIELDS.aliyun,
);

const tencent = settingsFields(
  tencentConfig,
  {
    secretId: { label: t('SecretId', 'SecretId') },
    secretKey: { label: t('SecretKey', 'SecretKey'), requiredOnCreate: true },
    sdkAppId: {
      label: t('SdkAppId', 'SdkAppId'),
      placeholder: '1400000000',
      span: 12,
      invalid: t('SdkAppId须为数字', 'The SdkAppId must be digits'),
    },
    signName,
    templateId: { label: t('默认模板ID', 'Default template ID'), help: templateHelp, placeholder: '1234567' },
    ...sceneTemplates('1234567'),
    endpoint: endpoint('sms.tencentcloudapi.com'),
    protocol,
    region: region('ap-guangzhou'),
  },
  SECRET_FIELDS.tencent,
);

/** Each provider kind's settings form, in the order it is drawn (the sandbox has none). */
export const PROVIDER_SETTINGS: Record<ProviderKind, readonly SettingsField[]> = {
  smtp,
  aliyun,
  tencent,
  sandbox: [],
};

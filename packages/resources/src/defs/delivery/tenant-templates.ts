import { blankAsNull, multilineText, signNameField, text } from '@fpy/contracts';
import { z } from 'zod';
import { defineResource } from '../../define.ts';

/**
 * 消息模板 (spec §2.12 /invoicePlat/template): a company's own invoice-delivery templates, rows of
 * message_templates with its tenant_id (the platform's defaults, tenant_id null, are not among them). Subject and
 * body take {{variables}} (@fpy/domain DELIVERY_TEMPLATE_VARIABLES); an SMS template also carries the template
 * code its provider approved and, when it differs from the company's, its 签名. The server's write hook
 * (modules/delivery/plat-settings/template-hooks.ts) refuses unknown variables, a subject on an SMS, an SMS
 * without {{link}} or longer than one long message, and keeps one enabled template per channel.
 */
export const tenantTemplatesMeta = defineResource({
  name: 'tenantTemplates',
  title: { zh: '消息模板', en: 'Message templates' },
  menuCode: 'template',
  tenantScoped: true,
  actions: ['list', 'get', 'create', 'update', 'delete'],
  defaultSort: '-updatedAt',
  fields: {
    name: {
      label: { zh: '模板名称', en: 'Name' },
      type: 'string',
      schema: text(50, '模板名称').min(1, '请输入模板名称'),
      filter: 'text',
      sortable: true,
      width: 180,
    },
    channel: {
      label: { zh: '渠道', en: 'Channel' },
      type: 'string',
      schema: z.enum(['sms', 'email'], { message: '渠道只能是短信或邮件' }),
      filter: 'select',
      options: [
        { value: 'sms', zh: '短信', en: 'SMS' },
        { value: 'email', zh: '邮件', en: 'E-mail' },
      ],
      width: 90,
    },
    subject: {
      label: { zh: '邮件主题', en: 'Subject' },
      type: 'string',
      schema: blankAsNull(text(200, '邮件主题')),
      width: 200,
    },
    body: {
      label: { zh: '模板内容', en: 'Body' },
      type: 'string',
      schema: multilineText(5000, '模板内容').min(1, '请输入模板内容'),
      widget: 'textarea',
    },
    providerCode: {
      label: { zh: '短信模板编号', en: 'Provider template code' },
      type: 'string',
      schema: blankAsNull(
        z
          .string()
          .trim()
          .max(40, '短信模板编号不能超过40个字符')
          .regex(/^[A-Za-z0-9_]+$/, '短信模板编号格式不正确（如阿里云 SMS_123456789、腾讯云 1234567）'),
      ),
      width: 150,
    },
    signName: {
      label: { zh: '短信签名', en: 'SMS signature' },
      type: 'string',
      schema: blankAsNull(signNameField()),
      width: 120,
    },
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      type: 'boolean',
      schema: z.boolean({ error: '启用须为是或否' }).default(true),
      filter: 'boolean',
      width: 80,
    },
    updatedAt: { label: { zh: '更新时间', en: 'Updated at' }, type: 'datetime', sortable: true, width: 170 },
  },
});

import { blankText, multilineText, text } from '@fpy/contracts';
import { z } from 'zod';
import { defineResource } from '../../define.ts';

/**
 * 平台短信/邮件模板 (/smsMessage/smsSystemDeploy): message_templates without a company — the defaults every
 * company without its own template uses (a company's own are /invoicePlat/template). Placeholders are
 * {{buyerName}}, {{invoiceNumber}}, {{amount}}, {{issueDate}}, {{sellerName}}, {{link}}. An SMS template
 * carries the code its provider approved and optionally its own 签名.
 */
export const platformTemplatesMeta = defineResource({
  name: 'platformTemplates',
  title: { zh: '平台消息模板', en: 'Platform message templates' },
  menuCode: 'smsSystemDeploy',
  tenantScoped: false,
  platformOnly: true,
  basePath: '/api/admin/delivery/platform-templates',
  tag: 'sms-admin',
  actions: ['list', 'get', 'create', 'update', 'delete'],
  defaultSort: '-updatedAt',
  fields: {
    channel: {
      label: { zh: '渠道', en: 'Channel' },
      type: 'string',
      schema: z.enum(['sms', 'email']),
      filter: 'select',
      options: [
        { value: 'sms', zh: '短信', en: 'SMS' },
        { value: 'email', zh: '邮件', en: 'E-mail' },
      ],
      width: 90,
    },
    name: {
      label: { zh: '模板名称', en: 'Name' },
      type: 'string',
      schema: text(64, '模板名称').min(1, '请输入模板名称'),
      filter: 'text',
      width: 180,
    },
    providerCode: {
      label: { zh: '服务商模板编码', en: 'Provider template code' },
      type: 'string',
      schema: blankText(64, '服务商模板编码'),
      width: 160,
    },
    signName: {
      label: { zh: '短信签名', en: 'SMS signature' },
      type: 'string',
      schema: blankText(12, '短信签名'),
      width: 120,
    },
    subject: {
      label: { zh: '邮件主题', en: 'E-mail subject' },
      type: 'string',
      schema: blankText(200, '邮件主题'),
      list: false,
    },
    body: {
      label: { zh: '模板内容', en: 'Body' },
      type: 'string',
      schema: multilineText(5000, '模板内容').min(1, '请输入模板内容'),
      widget: 'textarea',
    },
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      type: 'boolean',
      schema: z.boolean().default(true),
      filter: 'boolean',
      width: 80,
    },
    updatedAt: { label: { zh: '更新时间', en: 'Updated' }, type: 'datetime', sortable: true, width: 170 },
  },
});

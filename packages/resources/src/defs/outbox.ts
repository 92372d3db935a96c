import { defineResource } from '../define.ts';

/**
 * 消息发件箱: what the embedded notifier "sent". Until SMS and e-mail providers exist, platform administrators
 * read verification codes here, so it is platform-only and read-only.
 */
export const outboxMeta = defineResource({
  name: 'outbox',
  title: { zh: '消息发件箱', en: 'Outbox' },
  menuCode: 'outboxManager',
  tenantScoped: false,
  platformOnly: true,
  actions: ['list', 'get'],
  defaultSort: '-createdAt',
  fields: {
    createdAt: {
      label: { zh: '发送时间', en: 'Sent at' },
      type: 'datetime',
      filter: 'dateRange',
      sortable: true,
      width: 170,
    },
    channel: {
      label: { zh: '渠道', en: 'Channel' },
      type: 'string',
      filter: 'select',
      options: [
        { value: 'sms', zh: '短信', en: 'SMS' },
        { value: 'email', zh: '邮件', en: 'E-mail' },
      ],
      width: 90,
    },
    recipient: { label: { zh: '接收人', en: 'Recipient' }, type: 'string', filter: 'text', width: 200 },
    subject: { label: { zh: '主题', en: 'Subject' }, type: 'string', width: 200 },
    body: { label: { zh: '内容', en: 'Body' }, type: 'string' },
  },
});

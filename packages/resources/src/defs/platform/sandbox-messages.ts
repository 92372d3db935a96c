import { defineResource } from '../../define.ts';

/**
 * 沙箱消息: what the embedded messaging sandbox received (issue 14): every SMS and e-mail sent while no provider
 * is configured, and verification codes no provider took. Platform administrators read codes here, so it is
 * platform-only and read-only. `status` is the sandbox's view of the message (accepted → delivered / failed, or
 * refused). Not the outbox: that is the retried outgoing work of platform/outbox (任务管理).
 */
export const sandboxMessagesMeta = defineResource({
  name: 'sandboxMessages',
  title: { zh: '沙箱消息', en: 'Sandbox messages' },
  menuCode: 'sandboxMessageManager',
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
    status: {
      label: { zh: '状态', en: 'Status' },
      type: 'string',
      filter: 'select',
      options: [
        { value: 'accepted', zh: '已受理', en: 'Accepted' },
        { value: 'delivered', zh: '已送达', en: 'Delivered' },
        { value: 'failed', zh: '失败', en: 'Failed' },
        { value: 'refused', zh: '被拒收', en: 'Refused' },
        { value: 'stored', zh: '已存储', en: 'Stored' },
      ],
      width: 100,
    },
    subject: { label: { zh: '主题', en: 'Subject' }, type: 'string', width: 200 },
    body: { label: { zh: '内容', en: 'Body' }, type: 'string' },
  },
});

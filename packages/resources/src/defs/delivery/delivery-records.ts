import {
  deliveryFailureCode,
  DELIVERY_FAILURE_KINDS,
  DELIVERY_STATUS_NAMES,
  DELIVERY_STATUSES,
} from '@fpy/domain';
import { messages } from '@fpy/contracts';
import { defineResource, type OptionDef } from '../../define.ts';

/** The delivery states, worded once (@fpy/domain delivery/status.ts) for every page and export. */
export const DELIVERY_STATUS_OPTIONS: OptionDef[] = DELIVERY_STATUSES.map((value) => ({
  value,
  ...DELIVERY_STATUS_NAMES[value],
}));

/** The kinds of failure (@fpy/domain classifyDeliveryFailure), worded by the server's message catalogue. */
export const DELIVERY_FAILURE_OPTIONS: OptionDef[] = DELIVERY_FAILURE_KINDS.map((value) => ({
  value,
  ...messages[deliveryFailureCode(value)],
}));

const TRIGGERS: OptionDef[] = [
  { value: 'auto', zh: '开票后自动', en: 'Automatic' },
  { value: 'manual', zh: '手动发送', en: 'Manual' },
  { value: 'resend', zh: '重新发送', en: 'Resend' },
  { value: 'bulk', zh: '批量发送', en: 'Bulk' },
  { value: 'batch', zh: '批量短信链接', en: 'Batch link' },
  { value: 'forward', zh: '购买方转发', en: 'Forwarded' },
];

/**
 * 短信发送记录 / 邮件发送记录 (/smsMessage/smsRecord, /emailMessage/emailRecord): the `deliveries` rows of one
 * channel, read-only, with the invoice's number and buyer (join), the company and the provider's name. Rows are
 * written by the dispatch pipeline; a company's users see their own.
 */
function deliveryRecords(channel: 'sms' | 'email') {
  const sms = channel === 'sms';
  return defineResource({
    name: sms ? 'smsRecords' : 'emailRecords',
    title: sms ? { zh: '短信发送记录', en: 'SMS records' } : { zh: '邮件发送记录', en: 'E-mail records' },
    menuCode: sms ? 'smsRecord' : 'emailRecord',
    tenantScoped: true,
    basePath: `/api/admin/delivery/records/${channel}`,
    tag: 'delivery-records',
    actions: ['list', 'get', 'export'],
    defaultSort: '-createdAt',
    fields: {
      createdAt: {
        label: { zh: '发送时间', en: 'Requested at' },
        type: 'datetime',
        filter: 'dateRange',
        sortable: true,
        width: 170,
      },
      tenantName: { label: { zh: '企业名称', en: 'Company' }, type: 'string', filter: 'text', width: 180 },
      invoiceNumber: {
        label: { zh: '发票号码', en: 'Invoice number' },
        type: 'string',
        filter: 'text',
        width: 200,
      },
      buyerName: { label: { zh: '购买方', en: 'Buyer' }, type: 'string', width: 180 },
      recipient: {
        label: sms ? { zh: '手机号', en: 'Mobile' } : { zh: '邮箱', en: 'E-mail' },
        type: 'string',
        filter: 'text',
        width: sms ? 130 : 200,
      },
      status: {
        label: { zh: '状态', en: 'Status' },
        type: 'string',
        filter: 'select',
        options: DELIVERY_STATUS_OPTIONS,
        width: 90,
      },
      providerName: { label: { zh: '发送账号', en: 'Sent by' }, type: 'string', width: 140 },
      failureKind: {
        label: { zh: '失败原因', en: 'Reason' },
        type: 'string',
        filter: 'select',
        options: DELIVERY_FAILURE_OPTIONS,
        width: 150,
      },
      errorCode: {
        label: { zh: '服务商代码', en: 'Provider code' },
        type: 'string',
        filter: 'text',
        list: false,
        export: true,
      },
      errorMessage: {
        label: { zh: '原始信息', en: 'Raw detail' },
        type: 'string',
        list: false,
        export: true,
      },
      triedAccounts: {
        label: { zh: '尝试过的账号', en: 'Accounts tried' },
        type: 'string',
        width: 220,
      },
      nextAttemptAt: {
        label: { zh: '下次重试', en: 'Next attempt' },
        type: 'datetime',
        width: 170,
      },
      attempts: { label: { zh: '尝试次数', en: 'Attempts' }, type: 'number', sortable: true, width: 90 },
      trigger: {
        label: { zh: '触发方式', en: 'Trigger' },
        type: 'string',
        filter: 'select',
        options: TRIGGERS,
        width: 110,
      },
      units: {
        label: { zh: '计费条数', en: 'Segments' },
        type: 'number',
        width: 90,
        list: sms,
        export: sms,
      },
      providerMessageId: {
        label: { zh: '服务商流水号', en: 'Provider message id' },
        type: 'string',
        list: false,
        export: true,
      },
      subject: {
        label: { zh: '邮件主题', en: 'Subject' },
        type: 'string',
        list: false,
        export: !sms,
      },
      deliveredAt: {
        label: { zh: '送达时间', en: 'Delivered at' },
        type: 'datetime',
        list: false,
        export: true,
      },
    },
  });
}

export const smsRecordsMeta = deliveryRecords('sms');
export const emailRecordsMeta = deliveryRecords('email');

const RECEIPT_KINDS: OptionDef[] = [
  { value: 'delivered', zh: '已送达', en: 'Delivered' },
  { value: 'failed', zh: '失败', en: 'Failed' },
  { value: 'bounced', zh: '退信', en: 'Bounced' },
];
/** The receipt kinds (状态报告) of delivery_events the state-report pages show. */
export const RECEIPT_KIND_VALUES = RECEIPT_KINDS.map((k) => k.value);

/**
 * 短信状态报告 / 邮件状态报告 (/smsMessage/smsStateReport, /emailMessage/emailStateReport): the providers'
 * receipts — delivered, failed, bounced — from `delivery_events`, with the provider's code and message and
 * the delivery they belong to (recipient, invoice number). Read-only; a company's users see their own.
 */
function receipts(channel: 'sms' | 'email') {
  const sms = channel === 'sms';
  return defineResource({
    name: sms ? 'smsReceipts' : 'emailReceipts',
    title: sms ? { zh: '短信状态报告', en: 'SMS receipts' } : { zh: '邮件状态报告', en: 'E-mail receipts' },
    menuCode: sms ? 'smsStateReport' : 'emailStateReport',
    tenantScoped: true,
    basePath: `/api/admin/delivery/receipts/${channel}`,
    tag: 'delivery-records',
    actions: ['list', 'get', 'export'],
    defaultSort: '-createdAt',
    fields: {
      createdAt: {
        label: { zh: '回执时间', en: 'Received at' },
        type: 'datetime',
        filter: 'dateRange',
        sortable: true,
        width: 170,
      },
      tenantName: { label: { zh: '企业名称', en: 'Company' }, type: 'string', filter: 'text', width: 180 },
      invoiceNumber: {
        label: { zh: '发票号码', en: 'Invoice number' },
        type: 'string',
        filter: 'text',
        width: 200,
      },
      recipient: {
        label: sms ? { zh: '手机号', en: 'Mobile' } : { zh: '邮箱', en: 'E-mail' },
        type: 'string',
        filter: 'text',
        width: sms ? 130 : 200,
      },
      kind: {
        label: { zh: '回执结果', en: 'Result' },
        type: 'string',
        filter: 'select',
        options: sms ? RECEIPT_KINDS.filter((k) => k.value !== 'bounced') : RECEIPT_KINDS,
        width: 100,
      },
      failureKind: {
        label: { zh: '失败原因', en: 'Reason' },
        type: 'string',
        filter: 'select',
        options: DELIVERY_FAILURE_OPTIONS,
        width: 150,
      },
      code: { label: { zh: '服务商代码', en: 'Provider code' }, type: 'string', filter: 'text', width: 150 },
      message: { label: { zh: '原始信息', en: 'Raw detail' }, type: 'string' },
      providerName: { label: { zh: '服务商', en: 'Provider' }, type: 'string', width: 140 },
      deliveryId: {
        label: { zh: '发送记录编号', en: 'Delivery id' },
        type: 'number',
        filter: 'exact',
        list: false,
        export: true,
      },
    },
  });
}

export const smsReceiptsMeta = receipts('sms');
export const emailReceiptsMeta = receipts('email');

import { SMS_RECHARGES_PATH } from '@fpy/contracts';
import { defineResource } from '../../define.ts';

/**
 * 充值记录 (/smsMessage/rechargeRecord): the SMS recharges platform administrators recorded. Read-only here:
 * recording one is the `rechargeSms` verb (POST on the same path, contracts delivery/sms-admin.ts), which adds
 * to the balance and writes this row with the balance after it in one transaction. A tenant's users see their
 * own recharges.
 */
export const smsRechargesMeta = defineResource({
  name: 'smsRecharges',
  title: { zh: '充值记录', en: 'SMS recharges' },
  menuCode: 'rechargeRecord',
  tenantScoped: true,
  basePath: SMS_RECHARGES_PATH,
  tag: 'sms-admin',
  actions: ['list', 'get', 'export'],
  defaultSort: '-createdAt',
  fields: {
    createdAt: {
      label: { zh: '充值时间', en: 'Recharged at' },
      type: 'datetime',
      filter: 'dateRange',
      sortable: true,
      width: 170,
    },
    tenantName: { label: { zh: '企业名称', en: 'Company' }, type: 'string', filter: 'text', width: 220 },
    amount: { label: { zh: '充值条数', en: 'Messages' }, type: 'number', sortable: true, width: 110 },
    /** Formatted exactly from the integer fen by the server (no float), so the sheet shows yuan. */
    paidYuan: { label: { zh: '实付金额（元）', en: 'Paid (yuan)' }, type: 'string', width: 130 },
    balanceAfter: {
      label: { zh: '充值后余量', en: 'Balance after' },
      type: 'number',
      sortable: true,
      width: 120,
    },
    remark: { label: { zh: '备注', en: 'Remark' }, type: 'string' },
    createdByName: { label: { zh: '操作人', en: 'Recorded by' }, type: 'string', width: 120 },
  },
});

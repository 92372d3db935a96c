// Field labels and titles of the records and receipts come from their resource metadata.
import { DELIVERY_STATUS_NAMES } from '@fpy/domain';

export default {
  deliveryRecords: {
    resendGivenUp: '批量重发（多次重试失败）',
    resendConfirm: '按当前筛选条件，重发所有“多次重试失败”的记录（不限于本页；已重发过的不再重发）？',
    resendDone: '已重发 {{resent}} 条，{{refused}} 条无法重发',
  },
  deliveryStats: {
    range: '发送日期',
    perDay: '每日发送情况',
    totals: '合计',
    empty: '所选期间没有发送记录',
    noProvider: '未调用服务商',
    group: { provider: '服务商', tenant: '企业名称' },
    by: { provider: '按服务商', tenant: '按企业' },
    figure: {
      total: '发送总数',
      // The states' words are the catalogue's (@fpy/domain DELIVERY_STATUS_NAMES), as on every page.
      sent: DELIVERY_STATUS_NAMES.accepted.zh,
      delivered: DELIVERY_STATUS_NAMES.delivered.zh,
      failed: '失败',
      skipped: DELIVERY_STATUS_NAMES.skipped.zh,
      units: '计费条数',
    },
    hint: {
      sms: '按发送请求日期（北京时间）统计：已受理为服务商已受理的条数；失败含服务商失败和重试后放弃；已拦截为黑名单、频率限制或余量不足拦截，未调用服务商；计费条数为服务商已受理的短信条数（被拒收的不计费，余量已退回）。',
      email:
        '按发送请求日期（北京时间）统计：已受理为邮件服务器已受理的封数；失败含退信和重试后放弃；已拦截为发送前被拦截。',
    },
  },
};

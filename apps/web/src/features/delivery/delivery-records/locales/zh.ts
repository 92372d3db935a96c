// Field labels and titles of the records and receipts come from their resource metadata.
export default {
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
      sent: '已提交服务商',
      delivered: '已送达',
      failed: '失败',
      skipped: '已拦截',
      units: '计费条数',
    },
    hint: {
      sms: '按发送请求日期（北京时间）统计：已提交服务商为服务商已受理的条数；失败含服务商失败和重试后放弃；已拦截为黑名单、频率限制或余量不足拦截，未调用服务商；计费条数为扣减的短信条数。',
      email:
        '按发送请求日期（北京时间）统计：已提交服务商为邮件服务器已受理的封数；失败含退信和重试后放弃；已拦截为发送前被拦截。',
    },
  },
};

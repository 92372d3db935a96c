// Field labels and titles of the declared resources come from their metadata (crud/register-locale.ts).
export default {
  smsAdmin: {
    saved: '已保存',
    pickTenant: '请选择企业',
    noTenant: '没有匹配的企业',
    margin: {
      title: '短信余量',
      tenant: '企业名称',
      balance: '短信余量（条）',
      used: '已用条数',
      warnBelow: '预警阈值',
      state: '状态',
      low: '余量不足',
      ok: '正常',
      updatedAt: '更新时间',
      editWarn: '修改阈值',
      warnTitle: '修改预警阈值：{{name}}',
      warnHint: '短信余量低于该条数时提醒企业充值；0 为不提醒。',
      warnRequired: '请输入预警阈值',
      lowWarning:
        '短信余量不足：剩余 {{balance}} 条，低于预警阈值 {{warnBelow}} 条。余量用尽后将无法发送短信，请联系平台充值。',
    },
    recharge: {
      action: '充值',
      title: '短信充值',
      titleFor: '短信充值：{{name}}',
      tenant: '充值企业',
      amount: '充值条数',
      amountRequired: '请输入充值条数',
      paid: '实付金额（元）',
      paidInvalid: '金额格式不正确：最多两位小数',
      remark: '备注',
      done: '充值成功，当前余量 {{balance}} 条',
    },
    white: {
      hint: '白名单中的手机号不受短信发送频率限制（黑名单仍然有效），仅对本企业发送的短信生效。',
    },
    limits: {
      hint: '不指定企业的一行为平台默认；企业的设置整体覆盖默认。0 表示不限制；白名单号码不受限制。',
      platformDefault: '平台默认',
      unlimited: '不限',
    },
    deploy: {
      settings: '平台短信设置',
      signName: '默认短信签名',
      signHint: '2–12 个汉字、字母或数字，不含【】；模板自带签名时以模板为准。',
      signRequired: '请输入默认短信签名',
      signInvalid: '短信签名须为2–12个汉字、字母或数字',
      save: '保存',
      variables: '模板可用变量：',
    },
  },
};

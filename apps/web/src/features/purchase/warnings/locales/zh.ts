export default {
  purchaseWarnings: {
    kind: {
      abnormal: '异常发票（失控）',
      voided: '已作废',
      red_after_receipt: '收票后红冲',
      supplier_risk: '供应商风险',
      duplicate_reimbursement: '重复报销尝试',
    },
    field: {
      kind: '预警类型',
      invoice: '发票',
      seller: '销售方',
      total: '价税合计（元）',
      seen: '发现人/时间',
      detail: '说明',
      advice: '处理建议',
    },
    bureau: '税务机关',
    source: { sync: '税局归集时发现', file: '上传文件时发现', manual: '录入查验时发现', check: '查验时发现' },
    heldBy: '已在报销单 {{claimNo}} 中报销（{{detail}}）',
    flaggedNumbers: '异常发票：{{numbers}}',
    advice: {
      abnormal: '暂停抵扣与报销，联系销售方核实；已抵扣的须按规定转出进项税额',
      voided: '发票已作废，不得入账、抵扣或报销，请向销售方索取有效发票',
      red_after_receipt: '销售方已红冲，核对是否已抵扣或报销，必要时冲减入账并转出进项税额',
      supplier_risk: '该供应商有多张异常票，暂缓付款与抵扣，核实其经营状况',
      duplicate_reimbursement: '同一张发票被再次提交报销，请核实报销人并说明一票只能报销一次',
    },
  },
};

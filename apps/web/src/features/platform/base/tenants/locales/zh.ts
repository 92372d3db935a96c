export default {
  tenantCredit: {
    action: '授信额度',
    title: '授信额度 — {{name}}',
    month: '属期',
    limit: '本月授信额度（元）',
    used: '本月已使用（元）',
    remaining: '剩余可用（元）',
    newLimit: '调整月度额度（元）',
    newLimitHint: '本月起生效，之后的属期沿用；已使用的额度不变',
    required: '请输入额度',
    invalid: '请输入不小于 0、最多两位小数的金额',
    belowUsed: '新额度低于本月已使用金额，剩余额度将为 0',
    save: '保存',
    cancel: '取消',
    saved: '授信额度已调整',
  },
};

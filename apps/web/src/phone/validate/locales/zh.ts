/** 开票员身份认证 (/validate), Chinese first; en.ts has every key. */
const zh = {
  title: '开票员身份认证',
  'noCode.title': '请打开认证链接',
  'noCode.text':
    '税务局要求开票员确认身份时，企业会暂停开具。请在电脑端登录发票云，打开「销项管理 › 开票人设置」，在「开票员身份认证」处点「生成认证链接」，用本手机扫描二维码或打开发给您的链接。',
  'invalid.title': '链接无效或已过期',
  'locked.title': '链接已锁定',
  asks: '税务局要求以下企业的开票员确认身份，确认前该税号暂停开具发票：',
  company: '企业名称',
  taxNumber: '纳税人识别号',
  askedAt: '要求时间',
  'captcha.image': '请输入图中的数字验证码',
  'captcha.sms': '验证码已发送至 {phone}，请输入短信中的验证码',
  'captcha.refresh': '换一张',
  'captcha.label': '验证码',
  'captcha.until': '验证码 {time} 前有效',
  attempts: '还可尝试 {n} 次',
  submit: '确认身份',
  submitting: '正在确认…',
  'captcha.format': '请输入 4–8 位数字验证码',
  'done.title': '身份认证已完成',
  'done.text': '{company} 的开票员身份已确认，开具已恢复。认证期间开具失败的发票，请在电脑端「重新开具」。',
} as const;

export type ValidateKey = keyof typeof zh;
export default zh;

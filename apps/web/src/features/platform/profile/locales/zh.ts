export default {
  profile: {
    tabs: { contact: '基本资料', password: '修改密码', logins: '最近登录' },
    contact: {
      username: '账号',
      name: '姓名',
      phone: '手机号',
      email: '邮箱',
      code: '验证码',
      codeHint: '更换手机号或邮箱需验证新的号码或地址',
    },
    password: {
      channel: '验证方式',
      bySms: '手机短信',
      byEmail: '电子邮件',
      code: '验证码',
      new: '新密码',
      confirm: '确认新密码',
      submit: '修改密码',
      changed: '密码已修改，请重新登录',
    },
    logins: { time: '登录时间', ip: 'IP 地址', userAgent: '浏览器' },
  },
};

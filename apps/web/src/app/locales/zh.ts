export default {
  app: {
    crashed: '页面加载出错',
    reload: '重新加载',
    pageCrashed: '页面出错了',
    retry: '重试',
  },
  urlToken: {
    switchTitle: '切换账号',
    switchContent: '当前已登录账号 {{current}}。此链接将以账号 {{next}} 登录，是否切换？',
    switchOk: '切换账号',
    switchCancel: '保持当前账号',
  },
  menu: {
    dashboard: '首页',
    personalInformation: '安全设置',
    companyCenter: '基本信息',
    individuation: '个性化',
    receiptsOperation: '勾选确认',
  },
};

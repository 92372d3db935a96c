export default {
  app: {
    crashed: '页面加载出错',
    reload: '重新加载',
    pageCrashed: '页面出错了',
    retry: '重试',
  },
  menu: {
    dashboard: '首页',
    personalInformation: '安全设置',
    companyCenter: '基本信息',
    individuation: '个性化',
    receiptsOperation: '勾选确认',
  },
};

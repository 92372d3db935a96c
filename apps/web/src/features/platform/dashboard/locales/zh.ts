export default {
  dashboard: {
    welcome: '欢迎，{{name}}',
    stats: {
      users: '用户数',
      activeUsers: '活跃用户',
      loginsToday: '今日登录',
      requestsToday: '今日请求',
      errorsToday: '今日错误',
    },
    requests: '请求数',
    requestsByHour: '今日每小时请求数',
    recentActivity: '最近操作',
  },
};

export default {
  shell: {
    refused: '无法打开此页面',
    tags: { refresh: '刷新', close: '关闭', closeOthers: '关闭其他', closeAll: '关闭所有' },
    navbar: {
      toggleSidebar: '展开/收起侧边栏',
      fullscreen: '全屏',
      exitFullscreen: '退出全屏',
      language: '切换语言',
      businessManagement: '综合业务管理',
      operationsConsole: '运营控制台',
    },
    theme: { title: '换肤', changed: '换肤成功', dark: '暗色模式' },
    errorLog: { title: '错误日志', clear: '清空日志', component: '组件信息' },
    avatar: {
      companyCenter: '基本信息',
      individuation: '个性化',
      personalInformation: '安全设置',
      logout: '退出',
    },
    unsafe: {
      title: '请修改密码',
      change: '去修改密码',
      later: '稍后修改',
      reason: {
        initial: '您仍在使用初始密码，为保障账户安全，请立即修改密码。',
        reset: '您的密码已被管理员重置，为保障账户安全，请立即修改密码。',
        weak: '您的密码强度较弱，为保障账户安全，请立即修改密码。',
        expired: '您的密码已长期未修改，为保障账户安全，请立即修改密码。',
      },
    },
  },
};

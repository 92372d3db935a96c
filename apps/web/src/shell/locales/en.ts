export default {
  shell: {
    refused: 'This page cannot be opened',
    tags: { refresh: 'Refresh', close: 'Close', closeOthers: 'Close others', closeAll: 'Close all' },
    navbar: {
      toggleSidebar: 'Toggle sidebar',
      fullscreen: 'Full screen',
      exitFullscreen: 'Exit full screen',
      language: 'Language',
      businessManagement: 'Business management',
      operationsConsole: 'Operations console',
    },
    theme: { title: 'Theme', changed: 'Theme changed', dark: 'Dark mode' },
    errorLog: { title: 'Error log', clear: 'Clear log', component: 'Component info' },
    avatar: {
      companyCenter: 'Basic information',
      individuation: 'Personalisation',
      personalInformation: 'Security settings',
      logout: 'Log out',
    },
    unsafe: {
      title: 'Please change your password',
      change: 'Change password',
      later: 'Later',
      reason: {
        initial: 'You are still using the initial password. Please change it now to keep your account safe.',
        reset: 'Your password was reset by an administrator. Please change it now to keep your account safe.',
        weak: 'Your password is weak. Please change it now to keep your account safe.',
        expired: 'Your password has not been changed for a long time. Please change it now.',
      },
    },
  },
};

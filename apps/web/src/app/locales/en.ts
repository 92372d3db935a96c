export default {
  app: {
    crashed: 'Something went wrong loading this page',
    reload: 'Reload',
    pageCrashed: 'This page ran into an error',
    retry: 'Retry',
  },
  urlToken: {
    switchTitle: 'Switch account',
    switchContent: 'You are logged in as {{current}}. This link logs in as {{next}}. Switch accounts?',
    switchOk: 'Switch account',
    switchCancel: 'Stay as I am',
  },
  menu: {
    dashboard: 'Dashboard',
    personalInformation: 'Security settings',
    companyCenter: 'Basic information',
    individuation: 'Personalisation',
    receiptsOperation: 'Check confirmation',
  },
};

export default {
  app: {
    crashed: 'Something went wrong loading this page',
    reload: 'Reload',
    pageCrashed: 'This page ran into an error',
    retry: 'Retry',
  },
  menu: {
    dashboard: 'Dashboard',
    personalInformation: 'Security settings',
    companyCenter: 'Basic information',
    individuation: 'Personalisation',
    receiptsOperation: 'Check confirmation',
  },
};

export default {
  dashboard: {
    welcome: 'Welcome, {{name}}',
    stats: {
      users: 'Users',
      activeUsers: 'Active users',
      loginsToday: 'Logins today',
      requestsToday: 'Requests today',
      errorsToday: 'Errors today',
    },
    requests: 'Requests',
    requestsByHour: 'Requests per hour today',
    recentActivity: 'Recent activity',
  },
};

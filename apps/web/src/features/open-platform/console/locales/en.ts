export default {
  openConsole: {
    secretTitle: 'Save the secret now',
    secretHint: 'The secret is shown this once and cannot be viewed again after closing; if lost, reset it.',
    keyLabel: 'Key',
    secretLabel: 'Secret',
    saved: 'I have saved it',
    resetSecret: 'Reset secret',
    resetConfirm: 'The old secret stops working at once and calls signed with it are refused. Reset?',
    grantGroups: 'Groups',
    grantTitle: '{{name}} · interface groups it may call',
    grantSaved: 'Interface groups saved',
    tabApps: 'Apps',
    tabDevelopers: 'Developers',
    pickTenant: 'Type a company name or tax number',
    pickApp: 'Type an app or provider name',
    pickDeveloper: 'Type a developer name',
    pickOperation: 'Choose an API',
    pickTags: 'Type and press Enter; several allowed',
    pickTime: 'Choose the expiry',
    softwareIntro:
      'These providers’ software calls the open API for this company. Once authorised it may issue and query within the scopes until the expiry; you may revoke it at any time.',
  },
};

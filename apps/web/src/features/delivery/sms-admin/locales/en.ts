export default {
  smsAdmin: {
    saved: 'Saved',
    pickTenant: 'Choose a company',
    noTenant: 'No matching company',
    margin: {
      title: 'SMS balance',
      tenant: 'Company',
      balance: 'Balance (messages)',
      used: 'Used',
      warnBelow: 'Warning threshold',
      state: 'State',
      low: 'Low',
      ok: 'OK',
      updatedAt: 'Updated',
      editWarn: 'Edit threshold',
      warnTitle: 'Warning threshold: {{name}}',
      warnHint:
        'The company is reminded to recharge when its balance falls below this; 0 turns the reminder off.',
      warnRequired: 'Please enter the threshold',
      lowWarning:
        'SMS balance low: {{balance}} messages left, below the threshold of {{warnBelow}}. Once it runs out no SMS can be sent; please ask the platform for a recharge.',
    },
    recharge: {
      action: 'Recharge',
      title: 'SMS recharge',
      titleFor: 'SMS recharge: {{name}}',
      tenant: 'Company',
      amount: 'Messages',
      amountRequired: 'Please enter the number of messages',
      paid: 'Paid (yuan)',
      paidInvalid: 'Invalid amount: at most two decimals',
      remark: 'Remark',
      done: 'Recharged; balance now {{balance}} messages',
    },
    white: {
      hint: 'Whitelisted numbers are exempt from the SMS frequency limits (the blacklist still applies), for this company’s messages only.',
    },
    limits: {
      hint: 'The row without a company is the platform default; a company’s row replaces it whole. 0 means no limit; whitelisted numbers are exempt.',
      platformDefault: 'Platform default',
      unlimited: 'No limit',
    },
    deploy: {
      settings: 'Platform SMS settings',
      signName: 'Default SMS signature',
      signHint: '2–12 Chinese characters, letters or digits, without 【】; a template’s own signature wins.',
      signRequired: 'Please enter the default signature',
      signInvalid: 'The signature must be 2–12 Chinese characters, letters or digits',
      save: 'Save',
      variables: 'Template variables:',
    },
  },
};

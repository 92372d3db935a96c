export default {
  tenantCredit: {
    action: 'Credit line',
    title: 'Credit line — {{name}}',
    month: 'Period',
    limit: 'Monthly limit (CNY)',
    used: 'Used this month (CNY)',
    remaining: 'Remaining (CNY)',
    newLimit: 'New monthly limit (CNY)',
    newLimitHint: 'Applies from this month on; what has been used stays used',
    required: 'Enter the limit',
    invalid: 'Enter an amount of at least 0 with at most two decimals',
    belowUsed: 'The new limit is below what was used this month; nothing will remain',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Credit line updated',
  },
};

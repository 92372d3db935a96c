export default {
  deliveryStats: {
    range: 'Requested on',
    perDay: 'Per day',
    totals: 'Total',
    empty: 'Nothing was sent in this period',
    noProvider: 'No provider called',
    group: { provider: 'Provider', tenant: 'Company' },
    by: { provider: 'By provider', tenant: 'By company' },
    figure: {
      total: 'Requested',
      sent: 'Accepted',
      delivered: 'Delivered',
      failed: 'Failed',
      skipped: 'Blocked',
      units: 'Segments',
    },
    hint: {
      sms: 'Counted by the day the message was requested (Beijing time). Accepted: taken by a provider; failed includes provider failures and messages given up after retries; blocked: stopped by the blacklist, a frequency limit or an empty balance before any provider; segments: messages charged to the balance.',
      email:
        'Counted by the day the message was requested (Beijing time). Accepted: taken by the mail server; failed includes bounces and messages given up after retries; blocked: stopped before sending.',
    },
  },
};

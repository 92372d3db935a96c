import { DELIVERY_STATUS_NAMES } from '@fpy/domain';

export default {
  deliveryRecords: {
    resendGivenUp: 'Resend all given up after retries',
    resendConfirm:
      'Resend every record given up after retries that the current filters match (not only this page; records resent before are skipped)?',
    resendDone: '{{resent}} resent, {{refused}} could not be resent',
  },
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
      // The states' words are the catalogue's (@fpy/domain DELIVERY_STATUS_NAMES), as on every page.
      sent: DELIVERY_STATUS_NAMES.accepted.en,
      delivered: DELIVERY_STATUS_NAMES.delivered.en,
      failed: 'Failed',
      skipped: DELIVERY_STATUS_NAMES.skipped.en,
      units: 'Segments',
    },
    hint: {
      sms: 'Counted by the day the message was requested (Beijing time). Accepted: taken by a provider; failed includes provider failures and messages given up after retries; blocked: stopped by the blacklist, a frequency limit or an empty balance before any provider; segments: messages a provider accepted (refused ones are not billed; the balance was given back).',
      email:
        'Counted by the day the message was requested (Beijing time). Accepted: taken by the mail server; failed includes bounces and messages given up after retries; blocked: stopped before sending.',
    },
  },
};

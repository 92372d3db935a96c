export default {
  invoiceCategory: {
    filter: 'Category',
    column: 'Category',
    all: 'All',
    none: 'Uncategorised',
    disabled: ' (disabled)',
    action: 'Set category ({{count}})',
    title: 'Set the invoice category ({{count}} selected)',
    category: 'Invoice category',
    required: 'Choose an invoice category',
    ok: 'OK',
    clear: 'Clear category',
    cancel: 'Cancel',
    saved: 'Category set on {{updated}} invoices; {{unchanged}} already had it',
    cleared: 'Category cleared on {{updated}} invoices',
    noneDefined:
      'Your company has no enabled invoice category yet; add one under Invoicing settings → Invoice categories',
    tooMany: 'At most {{max}} invoices can be categorised at once',
    current: 'Category: {{name}}',
  },
};

export default {
  invoiceStatus: {
    draft: 'Draft',
    pending_review: 'Pending review',
    ready: 'Ready to issue',
    issuing: 'Issuing',
    issued: 'Issued',
    failed: 'Failed',
    partly_red: 'Partly red-flushed',
    red: 'Red-flushed',
    void: 'Void',
  },
};

export default {
  agentCodes: {
    tenantsHint: 'Type a company name to search; several may be chosen',
    qr: 'QR code',
    qrTitle: '{{name}} · invoice QR code',
    qrHint: 'Print it for the service desk: buyers scan it with a phone and choose the company to invoice',
    openLink: 'Open the buyer page',
    close: 'Close',
  },
};

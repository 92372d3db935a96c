import type zh from './zh.ts';

export default {
  titles: {
    scanTitle: {
      title: 'Buyer title form',
      hint: 'What buyers fill in after scanning an order code or a code board. A company title needs its name; a special VAT invoice needs the tax number; a credit code whose check character does not match only asks the buyer to check it and never blocks the request.',
      fields: {
        email: 'E-mail',
        mobile: 'Mobile',
        remarks: 'Remarks',
        addressBank: 'Address, phone, bank and account',
      },
      needs: { required: 'Required', optional: 'Optional', hidden: 'Not shown' },
      invoiceTypes: 'Invoice types buyers may ask for',
      invoiceTypesRequired: 'Choose at least one invoice type',
      defaultInvoiceType: 'Default invoice type',
      defaultNotOffered: 'The default invoice type must be one of those offered',
      naturalPersonAllowed: 'Allow personal titles',
      naturalPersonHint: 'Personal titles can only receive ordinary invoices',
      approval: 'Approval',
      approvals: {
        auto: 'Issue automatically',
        manual: 'Review each request',
        auto_below: 'Issue automatically up to an amount, review above it',
      },
      capYuan: 'Automatic up to',
      capInvalid: 'Enter an amount above 0 with at most two decimals',
      yuan: 'CNY',
      channels: 'Delivery',
      channelsHint: 'How the issued invoice reaches the buyer; SMS and e-mail need their field on the form',
      channelNames: { sms: 'SMS', email: 'E-mail', card_bag: 'WeChat / Alipay card bag' },
    },
    scanInvoice: {
      title: 'Scan-to-invoice',
      hint: 'What buyers see after scanning and which title helps they get.',
      enabled: 'Scan-to-invoice on',
      enabledHint: 'When off, buyers who scan see that the seller has paused scan-to-invoice',
      titleSearch: 'Title suggestions',
      titleSearchHint:
        'Suggest company titles by name or tax number as the buyer types (name and tax number only)',
      titleUpload: 'Title QR upload',
      titleUploadHint: 'Buyers may upload or photograph a title QR code to fill the form',
      rememberTitles: 'Remember titles',
      rememberTitlesHint:
        'Keep the titles a buyer used on their phone for one-tap reuse (never sent to the server)',
      shopName: 'Shown name',
      shopNameHint: 'Blank shows the company name',
      welcome: 'Welcome line',
      notice: 'Notice to buyers',
      contactPhone: 'Hotline',
    },
  },
} satisfies typeof zh;

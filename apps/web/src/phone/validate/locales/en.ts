import type { ValidateKey } from './zh.ts';

/** 开票员身份认证 (/validate) in English. */
const en: Record<ValidateKey, string> = {
  title: 'Invoicer identity confirmation',
  'noCode.title': 'Please open your confirmation link',
  'noCode.text':
    'When the tax bureau asks the invoicer to confirm their identity, the company cannot issue invoices. Sign in to the console, open Sales › Invoicer settings and click "Create link" under "Invoicer identity confirmation", then scan the QR code with this phone or open the link you were sent.',
  'invalid.title': 'Link not valid or expired',
  'locked.title': 'Link locked',
  asks: 'The tax bureau asks the invoicer of this company to confirm their identity; until then the tax number cannot issue invoices:',
  company: 'Company',
  taxNumber: 'Tax number',
  askedAt: 'Asked at',
  'captcha.image': 'Type the digits in the picture',
  'captcha.sms': 'A code was sent to {phone}; type the code from the message',
  'captcha.refresh': 'New picture',
  'captcha.label': 'Code',
  'captcha.until': 'The code is valid until {time}',
  attempts: '{n} tries left',
  submit: 'Confirm identity',
  submitting: 'Confirming…',
  'captcha.format': 'Please type the 4–8 digit code',
  'done.title': 'Identity confirmed',
  'done.text':
    'The invoicer of {company} is confirmed and issuing has resumed. Invoices that failed meanwhile can be issued again with Retry in the console.',
};
export default en;

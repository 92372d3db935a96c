/** The order pages' texts (scan-to-invoice, issue 30 §2), Chinese first; en.ts has every key. */
const zh = {
  'scan.title': '扫码开票',
  'nocode.title': '请扫描小票上的开票二维码',
  'nocode.text':
    '结账小票上印有开票二维码或链接。请用手机扫描它，或打开商家发给您的开票链接，即可自助开具发票。',
} as const;

export type OrderKey = keyof typeof zh;
export default zh;

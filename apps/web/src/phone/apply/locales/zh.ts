/** The apply entry's shared texts (brand, a page the entry lacks), Chinese first; en.ts has every key. */
const zh = {
  'brand.main': '发票云 · 自助开票',
  'brand.bwt': '电子发票服务平台 · 自助开票',
  'channel.test': '测试通道：本页面用于开票联调，请勿用于正式开票',
  'entry.unknown.title': '页面不存在',
  'entry.unknown.text': '请扫描小票、收银台码牌上的二维码，或打开商家发给您的开票链接。',
} as const;

export type ApplyKey = keyof typeof zh;
export default zh;

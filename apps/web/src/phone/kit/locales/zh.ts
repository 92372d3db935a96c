/**
 * The kit's own texts (header, footer, loading, the refusals every phone page shares), Chinese first; en.ts has
 * every key. A family's dictionaries add their keys to these (`phoneTexts` in ../i18n.ts).
 */
const zh = {
  langToggle: 'English',
  langToggleLabel: '切换为英文',
  loading: '加载中…',
  poweredBy: '发票云 提供技术支持',
  retry: '重试',
  'refused.unknown.title': '链接无效',
  'refused.limited.title': '操作过于频繁',
  'refused.limited.text': '尝试次数过多，请稍后再试。',
  'refused.network.title': '网络不可用',
  'refused.network.text': '请检查网络后重试。',
} as const;

export type KitKey = keyof typeof zh;
export default zh;

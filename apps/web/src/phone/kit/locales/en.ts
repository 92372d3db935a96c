import type { KitKey } from './zh.ts';

const en = {
  langToggle: '中文',
  langToggleLabel: 'Switch to Chinese',
  loading: 'Loading…',
  poweredBy: 'Powered by Invoice Cloud',
  retry: 'Try again',
  'refused.unknown.title': 'Invalid link',
  'refused.limited.title': 'Too many attempts',
  'refused.limited.text': 'Too many attempts; please try again later.',
  'refused.network.title': 'Network unavailable',
  'refused.network.text': 'Please check your connection and try again.',
} satisfies Record<KitKey, string>;

export default en;

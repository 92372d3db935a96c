import { useTranslation } from 'react-i18next';

/** The text of a { zh, en } pair in the page's language. */
export function usePick() {
  const { i18n } = useTranslation();
  const en = i18n.language?.startsWith('en');
  return (v: { zh: string; en: string }) => (en ? v.en : v.zh);
}

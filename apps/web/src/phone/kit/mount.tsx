import './phone.css';
import { type ReactNode, StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLang, type Lang, LangContext, storeLang } from './i18n.ts';

/** Holds the page's language (the header toggles it) for the kit's and the family's texts. */
function PhoneApp({ initial, children }: { initial: Lang; children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initial);
  const value = useMemo(
    () => ({
      lang,
      setLang: (l: Lang) => {
        storeLang(l);
        setLangState(l);
      },
    }),
    [lang],
  );
  return <LangContext.Provider value={value}>{children}</LangContext.Provider>;
}

/**
 * Starts a phone entry: its main.tsx calls this with the family's page switch. React and plain CSS only — no
 * antd, router, i18next or zod — so a phone on a mobile network loads a small fraction of the console.
 */
export function mountPhonePages(pages: ReactNode) {
  const container = document.getElementById('root');
  if (!container) throw new Error('the phone entry lacks #root');
  const lang = initialLang();
  storeLang(lang);
  createRoot(container).render(
    <StrictMode>
      <PhoneApp initial={lang}>{pages}</PhoneApp>
    </StrictMode>,
  );
}

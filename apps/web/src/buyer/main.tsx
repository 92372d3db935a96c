import './buyer.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BuyerApp } from './app.tsx';
import { initialLang, storeLang } from './i18n.ts';

/**
 * The buyer's delivery pages (issue 14 §4): a separate entry (apps/web/delivery.html) with React and plain CSS
 * only — no antd, router, i18next or zod — so a phone on a mobile network loads a small fraction of the console.
 */
const container = document.getElementById('root');
if (!container) throw new Error('delivery.html lacks #root');
const lang = initialLang();
storeLang(lang);
createRoot(container).render(
  <StrictMode>
    <BuyerApp initial={lang} />
  </StrictMode>,
);

import type { ReactNode } from 'react';
import { useKitTexts } from './i18n.ts';

/** Header (title, language switch), the page, a footer. One column sized for 360–414 px phones. */
export function Shell({ title, children }: { title: string; children: ReactNode }) {
  const { t, lang, setLang } = useKitTexts();
  return (
    <div className="b-shell">
      <header className="b-header">
        <h1 className="b-title">{title}</h1>
        <button
          type="button"
          className="b-lang"
          aria-label={t('langToggleLabel')}
          onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}
        >
          {t('langToggle')}
        </button>
      </header>
      <main className="b-main">{children}</main>
      <footer className="b-footer">{t('poweredBy')}</footer>
    </div>
  );
}

/** A whole-page message: an icon, a title, a text and the actions that make sense from there. */
export function StatusPanel({
  tone,
  title,
  children,
  actions,
}: {
  tone: 'ok' | 'warn' | 'error' | 'busy';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const icon = { ok: '✓', warn: '!', error: '×', busy: '' }[tone];
  return (
    <section className={`b-card b-status b-${tone}`} aria-live="polite">
      <div className="b-status-icon" aria-hidden="true">
        {tone === 'busy' ? <span className="b-spinner" /> : icon}
      </div>
      <h2>{title}</h2>
      {children}
      {actions && <div className="b-actions">{actions}</div>}
    </section>
  );
}

/** An in-app link: a real href (open in a new tab works), handled without reloading the page. */
export function PageLink({
  href,
  onGo,
  className = 'b-btn',
  children,
}: {
  href: string;
  onGo: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      className={className}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        onGo();
      }}
    >
      {children}
    </a>
  );
}

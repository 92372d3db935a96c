import { TranslationOutlined } from '@ant-design/icons';
import { setLanguage, useLanguage } from '../lib/i18n.ts';

/**
 * The public pages' language switch: one button naming the other language, so they do not pay for the
 * dropdown and menu code the console's switch uses. A plain button drawn as antd's text button
 * (login/login-page.css) keeps antd's Button, wave and motion code out of the login page's download.
 */
export function LanguageToggle() {
  const lang = useLanguage();
  const next = lang === 'zh' ? 'en' : 'zh';
  return (
    <button
      type="button"
      className="language-switch login-text-button"
      onClick={() => void setLanguage(next)}
      lang={next === 'zh' ? 'zh-CN' : 'en'}
    >
      <TranslationOutlined />
      <span>{next === 'zh' ? '简体中文' : 'English'}</span>
    </button>
  );
}

import { TranslationOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { setLanguage, useLanguage } from '../lib/i18n.ts';

/**
 * The public pages' language switch: one button naming the other language, so they do not pay for the
 * dropdown and menu code the console's switch uses.
 */
export function LanguageToggle() {
  const lang = useLanguage();
  const next = lang === 'zh' ? 'en' : 'zh';
  return (
    <Button
      type="text"
      className="language-switch"
      icon={<TranslationOutlined />}
      onClick={() => void setLanguage(next)}
      lang={next === 'zh' ? 'zh-CN' : 'en'}
    >
      {next === 'zh' ? '简体中文' : 'English'}
    </Button>
  );
}

import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Language, setLanguage, useLanguage } from '../../lib/i18n.ts';

const LABELS: Record<Language, string> = { zh: '简体中文', en: 'English' };

/** Also used on the public pages, so it must stay free of console context. */
export function LanguageSwitch({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: (Object.keys(LABELS) as Language[]).map((key) => ({ key, label: LABELS[key] })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        className="language-switch"
        aria-label={t('shell.navbar.language')}
        icon={<TranslationOutlined />}
      >
        {showLabel ? LABELS[lang] : null}
      </Button>
    </Dropdown>
  );
}

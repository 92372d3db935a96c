import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popover, Space, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/feedback.ts';
import { saveServerTheme, THEME_KEY } from '../theme-sync.ts';
import { PRIMARY_COLORS, setTheme, type ThemeChoice, useTheme } from '../../lib/theme.ts';

/** Spec §4 theme: recolours through antd tokens (no stylesheet download) and confirms with 换肤成功. */
export function ThemePicker() {
  const { t } = useTranslation();
  const current = useTheme();
  const queryClient = useQueryClient();

  const apply = (next: ThemeChoice) => {
    setTheme(next);
    toast.success(t('shell.theme.changed'));
    queryClient.setQueryData(THEME_KEY, { primaryColor: next.primary, dark: next.dark });
    // Saving is best effort: the choice already applies here and stays in this browser.
    saveServerTheme(next).catch(() => {});
  };

  const content = (
    <Space orientation="vertical" size="middle">
      <Space wrap>
        {PRIMARY_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            aria-label={color}
            onClick={() => apply({ ...current, primary: color })}
            style={{
              width: 24,
              height: 24,
              borderRadius: 4,
              border: 'none',
              cursor: 'pointer',
              background: color,
              color: '#fff',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {current.primary === color && <CheckOutlined />}
          </button>
        ))}
      </Space>
      <Space>
        <span>{t('shell.theme.dark')}</span>
        <Switch checked={current.dark} onChange={(dark) => apply({ ...current, dark })} />
      </Space>
    </Space>
  );

  return (
    <Popover content={content} title={t('shell.theme.title')} trigger="click" placement="bottomRight">
      <Tooltip title={t('shell.theme.title')}>
        <Button type="text" aria-label={t('shell.theme.title')} icon={<BgColorsOutlined />} />
      </Tooltip>
    </Popover>
  );
}

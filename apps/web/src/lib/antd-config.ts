import type { ConfigProviderProps } from 'antd';
import { theme as antdTheme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useLanguage } from './i18n.ts';
import { usePrefersReducedMotion } from './reduced-motion.ts';
import { useTheme } from './theme.ts';

/**
 * The one ConfigProvider setup, shared by the app root and the holder of antd's static message/notification/
 * modal calls, so toasts raised outside React follow the same language, colours and dialog defaults.
 */
export function useAntdConfig(): ConfigProviderProps {
  const lang = useLanguage();
  const { primary, dark } = useTheme();
  const stillMotion = usePrefersReducedMotion();
  return {
    locale: lang === 'en' ? enUS : zhCN,
    theme: {
      token: { colorPrimary: primary, borderRadius: 6, motion: !stillMotion },
      algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    },
    // Spec §9: no dialog or drawer closes on a backdrop click.
    modal: { mask: { closable: false } },
    drawer: { mask: { closable: false } },
  };
}

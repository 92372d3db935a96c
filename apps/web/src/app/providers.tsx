import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { setFeedback } from '../lib/feedback.ts';
import { useLanguage } from '../lib/i18n.ts';
import { useTheme } from '../lib/theme.ts';
import { queryClient } from './query-client.ts';

/** Hands the context-aware message/notification/modal instances to code outside React (the HTTP client). */
function FeedbackBridge() {
  const { message, notification, modal } = App.useApp();
  useEffect(() => setFeedback({ message, notification, modal }), [message, notification, modal]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const { primary, dark } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={lang === 'en' ? enUS : zhCN}
        theme={{
          token: { colorPrimary: primary, borderRadius: 6 },
          algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        }}
        // Spec §9: no dialog or drawer closes on a backdrop click.
        modal={{ mask: { closable: false } }}
        drawer={{ mask: { closable: false } }}
      >
        <App className="app-root">
          <FeedbackBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

import { ConfigProvider, Modal, message, notification } from 'antd';
import type { ReactNode } from 'react';
import { useAntdConfig } from './antd-config.ts';
import type { Feedback } from './feedback.ts';

/** Renders the static holders inside the app's current locale and theme (and follows later changes). */
function ThemedHolder({ children }: { children: ReactNode }) {
  return <ConfigProvider {...useAntdConfig()}>{children}</ConfigProvider>;
}

ConfigProvider.config({ holderRender: (children) => <ThemedHolder>{children}</ThemedHolder> });

export const feedbackApi: Feedback = { message, notification, modal: Modal };

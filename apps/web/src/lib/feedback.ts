import type { Modal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts and dialogs for code outside React (the HTTP client, tracking) and for pages alike. antd's message,
 * notification and modal code is loaded on first use, not with the first page: most visits to /login never
 * need it, and it would otherwise weigh on the login page's download budget.
 */
export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: Pick<typeof Modal, 'confirm' | 'info' | 'warning' | 'error' | 'success'>;
}

let loading: Promise<Feedback> | undefined;

export function loadFeedback(): Promise<Feedback> {
  loading ??= import('./feedback-antd.tsx').then((m) => m.feedbackApi);
  return loading;
}

/** Fire-and-forget toasts; durations in seconds as antd counts them. */
export const toast = {
  success: (content: string) => void loadFeedback().then((f) => f.message.success(content)),
  info: (content: string) => void loadFeedback().then((f) => f.message.info(content)),
  warning: (content: string, key?: string) =>
    void loadFeedback().then((f) => f.message.warning({ content, key })),
  error: (content: string, duration?: number) =>
    void loadFeedback().then((f) => f.message.error(content, duration)),
};

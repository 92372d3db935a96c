import { Modal, message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Code outside React (the HTTP client, tracking) needs toasts and dialogs that follow the current theme and
 * locale. antd's static methods cannot read ConfigProvider context, so the app root registers the hook-based
 * instances from <App> here; until then the static methods are the fallback.
 */
export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  // The static Modal's shape; the hook API returns a superset, so either fits.
  modal: Pick<typeof Modal, 'confirm' | 'info' | 'warning' | 'error' | 'success'>;
}

let current: Feedback = { message, notification, modal: Modal };

export function setFeedback(next: Feedback): void {
  current = next;
}

export function feedback(): Feedback {
  return current;
}

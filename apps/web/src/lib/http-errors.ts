import i18n from 'i18next';
import { type Feedback, loadFeedback } from './feedback.ts';
import type { ApiError } from './http.ts';
import { clearSession } from './session.ts';

/** Spec §9: error toasts stay 5 s, warning notifications 2 s. */
const ERROR_TOAST_S = 5;
const WARNING_S = 2;

// Several calls failing with 401 at once (a page firing parallel queries) must raise a single dialog.
let loggedOutDialogOpen = false;

/**
 * The one error-display policy of the console (spec §8), in the spirit of ant-design-pro's
 * requestErrorConfig: every failed call passes through here unless the caller asked to stay silent.
 */
export function showApiError(error: ApiError, hadToken: boolean): void {
  if (error.httpStatus === 401 || error.status === 40101) {
    // Without a token there is no session to lose; the page's own flow reports the failure.
    if (hadToken && !loggedOutDialogOpen) {
      loggedOutDialogOpen = true;
      void loadFeedback().then(confirmLoggedOut);
    }
    return;
  }
  void loadFeedback().then((f) => display(f, error));
}

/**
 * A refused load (issue 28 §11): the server answered the page's data request with an error, so the page cannot
 * show its content. Not a lost session (401: the logged-out dialog), not a field the user typed wrong (400
 * VALIDATION_FAILED: the form or filter says so), not a request that never got an answer (status 0).
 */
export function isRefusal(error: unknown): error is ApiError {
  if (!(error instanceof Error) || error.name !== 'ApiError') return false;
  const e = error as ApiError;
  if (e.httpStatus < 400 || e.httpStatus === 401 || e.status === 40101) return false;
  return !(e.httpStatus === 400 && e.code === 'VALIDATION_FAILED');
}

function display({ message, notification }: Feedback, error: ApiError): void {
  const text = error.message || i18n.t('http.unknownError');
  if (error.status === 30101) {
    notification.warning({ title: i18n.t('http.failed'), description: text, duration: WARNING_S });
  } else if (error.httpStatus === 403) {
    notification.warning({ title: i18n.t('http.forbidden'), description: text, duration: WARNING_S });
  } else if (error.httpStatus === 400) {
    message.warning(text);
  } else {
    message.error(text, ERROR_TOAST_S);
  }
}

function confirmLoggedOut({ modal }: Feedback): void {
  modal.confirm({
    title: i18n.t('http.loggedOutTitle'),
    content: i18n.t('http.loggedOut'),
    okText: i18n.t('http.relogin'),
    cancelText: i18n.t('common.cancel'),
    keyboard: false,
    onOk: () => {
      clearSession();
      window.location.reload();
    },
    afterClose: () => {
      loggedOutDialogOpen = false;
    },
  });
}

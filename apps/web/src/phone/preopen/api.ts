import type {
  bindPreopenPhone,
  decidePreopenApplication,
  getPreopenMe,
  listPreopenApplications,
  preopenPdfTicket,
  PreopenAppView,
  retryPreopenApplication,
  unbindPreopenPhone,
  viewPreopenApplication,
} from '@fpy/contracts';
import { PREOPEN_API, PREOPEN_ID_PARAM, type PreopenPagePath } from '@fpy/contracts/preopen-pages';
import { LightApiError, lightCall, lightUrl } from '../kit/http.ts';
import { phoneHref } from '../kit/nav.ts';
import type { Lang } from '../kit/i18n.ts';

export type AppView = PreopenAppView;

/**
 * The device token: this phone's credential for pre-issue review, kept on the phone only (localStorage, never in
 * an address) and sent in the body of each call. Losing it costs nothing but a new binding.
 */
const KEY = 'fpy-preopen-device';
export function storedDevice(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
function storeDevice(token: string | null) {
  try {
    if (token) localStorage.setItem(KEY, token);
    else localStorage.removeItem(KEY);
  } catch {}
}

/** The server no longer knows this phone's token: forget it so every page says how to bind again. */
export const isUnbound = (e: unknown) => e instanceof LightApiError && e.code === 'PREOPEN_DEVICE_INVALID';
export function forgetIfUnbound(e: unknown) {
  if (isUnbound(e)) storeDevice(null);
}

export const asApiError = (e: unknown) =>
  e instanceof LightApiError ? e : new LightApiError(0, 'NETWORK_ERROR', String(e));

export async function bind(code: string, lang: Lang) {
  const r = await lightCall<typeof bindPreopenPhone>(PREOPEN_API.bind, {
    body: { code, label: navigator.userAgent.replace(/\s+/g, ' ').slice(0, 60) },
    lang,
  });
  storeDevice(r.device);
  return r;
}

const withDevice = <R>(fn: (device: string) => Promise<R>): Promise<R> => {
  const device = storedDevice();
  if (!device) return Promise.reject(new LightApiError(401, 'PREOPEN_DEVICE_INVALID', ''));
  return fn(device).catch((e) => {
    forgetIfUnbound(e);
    throw e;
  });
};

export const me = (lang: Lang) =>
  withDevice((device) => lightCall<typeof getPreopenMe>(PREOPEN_API.me, { body: { device }, lang }));

export const unbind = (lang: Lang) =>
  withDevice(async (device) => {
    await lightCall<typeof unbindPreopenPhone>(PREOPEN_API.unbind, { body: { device }, lang });
    storeDevice(null);
  });

export const listApplications = (lang: Lang) =>
  withDevice((device) =>
    lightCall<typeof listPreopenApplications>(PREOPEN_API.list, { body: { device }, lang }),
  );

export const viewApplication = (ref: { code?: string; id?: number }, lang: Lang) =>
  withDevice((device) =>
    lightCall<typeof viewPreopenApplication>(PREOPEN_API.view, { body: { device, ...ref }, lang }),
  );

export const decide = (id: number, decision: 'approve' | 'reject', reason: string | undefined, lang: Lang) =>
  withDevice((device) =>
    lightCall<typeof decidePreopenApplication>(PREOPEN_API.decide, {
      body: { device, id, decision, reason },
      lang,
    }),
  );

export const retry = (id: number, lang: Lang) =>
  withDevice((device) =>
    lightCall<typeof retryPreopenApplication>(PREOPEN_API.retry, { body: { device, id }, lang }),
  );

/** Fetches a one-off ticket and opens the PDF behind it (a plain navigation: the browser downloads it). */
export const openPdf = (id: number, lang: Lang) =>
  withDevice(async (device) => {
    const { ticket } = await lightCall<typeof preopenPdfTicket>(PREOPEN_API.pdfTicket, {
      body: { device, id },
      lang,
    });
    location.assign(lightUrl(PREOPEN_API.pdf, { ticket }));
  });

/** The page an application belongs on, by where it stands. */
export function pageFor(v: Pick<AppView, 'phase' | 'decision'>): PreopenPagePath {
  switch (v.phase) {
    case 'pending':
      return '/codeScanningInvoicing';
    case 'processing':
      return '/invoicingProcessing';
    case 'issued':
    case 'failed':
      return v.decision?.mine ? '/invoicingStatus' : '/preopeningOver';
    default:
      return '/preopeningOver';
  }
}

export const appHref = (path: PreopenPagePath, id: number) => phoneHref(path, { [PREOPEN_ID_PARAM]: id });

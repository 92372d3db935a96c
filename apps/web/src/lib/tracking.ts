import dayjs from 'dayjs';
import { callLazy } from './http.ts';
import { getTrackUserId } from './session.ts';

/** Spec §3: product code 9 identifies this console in the shared tracking pipeline. */
const PRODUCT = 9;
/** Spec §3 directive: EVENT_TYPE 1 fires on click, anything else fires at once. */
export const CLICK_EVENT = 1;
export const PAGE_VIEW_EVENT = 2;
const SESSION_ID_KEY = 'trackSessionId';
const OPERATION_FORMAT = 'YYYYMMDDHHmmss';

export interface TrackEvent {
  eventType: number;
  event: string;
  pageName?: string;
  /** Defaults to the current path; a page view reports the page just left. */
  urlPath?: string;
  viewDur?: number;
  startTime?: string;
  endTime?: string;
}

let serialNumber = '';

/** The console sets the tenant serial number once the profile is known. */
export function setTrackingSerialNumber(value: string | null | undefined): void {
  serialNumber = value ?? '';
}

function sessionId(): string {
  let id = sessionStorage.getItem(SESSION_ID_KEY);
  if (!id) {
    id = crypto.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
    sessionStorage.setItem(SESSION_ID_KEY, id);
  }
  return id;
}

// Order matters: Edge and Android user agents also contain "Chrome" and "Linux".
const OS_RULES: [RegExp, string][] = [
  [/Windows NT ([\d.]+)/, 'Windows'],
  [/Android ([\d.]+)/, 'Android'],
  [/(?:iPhone|iPad).*? OS ([\d_]+)/, 'iOS'],
  [/Mac OS X ([\d_.]+)/, 'macOS'],
  [/Linux()/, 'Linux'],
];
const BROWSER_RULES: [RegExp, string][] = [
  [/Edg\/([\d.]+)/, 'Edge'],
  [/(?:Chrome|Chromium)\/([\d.]+)/, 'Chrome'],
  [/Firefox\/([\d.]+)/, 'Firefox'],
  [/Version\/([\d.]+).*Safari/, 'Safari'],
];

function firstMatch(ua: string, rules: [RegExp, string][]): [string, string] {
  for (const [re, name] of rules) {
    const m = re.exec(ua);
    if (m) return [name, (m[1] ?? '').replace(/_/g, '.')];
  }
  return ['Unknown', ''];
}

function parseAgent(ua: string): { os: [string, string]; browser: [string, string] } {
  return { os: firstMatch(ua, OS_RULES), browser: firstMatch(ua, BROWSER_RULES) };
}

export function buildTrackingBody(e: TrackEvent) {
  const now = dayjs();
  const { os, browser } = parseAgent(navigator.userAgent);
  return {
    businessCode: 'dataBuriedPoint' as const,
    sessionId: sessionId(),
    operationDate: now.format(OPERATION_FORMAT),
    deviceContent: {
      os_name: os[0],
      os_version: os[1],
      screen_height: window.screen.height,
      screen_width: window.screen.width,
      browser_name: browser[0],
      browser_version: browser[1],
      // The browser cannot know its public address or city; the server fills them from the request.
      ip: '',
      city: '',
      clienttime: now.format('YYYY-MM-DD HH:mm:ss'),
    },
    businessContent: {
      product: PRODUCT,
      user_id: getTrackUserId(),
      eventType: e.eventType,
      event: e.event,
      serialNumber,
      url_path: e.urlPath ?? window.location.pathname,
      pageName: e.pageName ?? document.title,
      view_dur: e.viewDur ?? 0,
      startTime: e.startTime ?? now.format(OPERATION_FORMAT),
      endTime: e.endTime ?? now.format(OPERATION_FORMAT),
    },
  };
}

/** Spec §8: tracking failures are ignored; the promise always resolves so a redirect can follow. */
export async function track(e: TrackEvent): Promise<void> {
  try {
    await callLazy('userEventTrans', { body: buildTrackingBody(e), silent: true });
  } catch {
    // Deliberately ignored: analytics must never disturb the user.
  }
}

export function formatTrackTime(ms: number): string {
  return dayjs(ms).format(OPERATION_FORMAT);
}

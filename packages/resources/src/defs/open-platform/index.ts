import { openAppsMeta } from './apps.ts';
import { oauthClientsMeta, openAuthCodesMeta, openDeviceBindingsMeta } from './auth.ts';
import { openDevelopersMeta } from './developers.ts';
import { openInterfaceGroupsMeta, openInterfacesMeta } from './interfaces.ts';
import { openLicensesMeta, softwareLicensesMeta } from './licenses.ts';
import { openRateLimitsMeta } from './rate-limits.ts';

export { openAppsMeta } from './apps.ts';
export {
  AUTH_CODE_STATUS_OPTIONS,
  GRANT_OPTIONS,
  oauthClientsMeta,
  openAuthCodesMeta,
  openDeviceBindingsMeta,
} from './auth.ts';
export { openDevelopersMeta } from './developers.ts';
export { openInterfaceGroupsMeta, openInterfacesMeta } from './interfaces.ts';
export { LICENSE_STATE_OPTIONS, openLicensesMeta, softwareLicensesMeta } from './licenses.ts';
export { GROUP_OPTIONS as OPEN_GROUP_OPTIONS } from './options.ts';
export { openRateLimitsMeta } from './rate-limits.ts';

/** The open platform's management resources (issue 32, lane CONSOLE). */
export const openPlatformMetas = [
  openDevelopersMeta,
  openAppsMeta,
  openInterfaceGroupsMeta,
  openInterfacesMeta,
  openLicensesMeta,
  softwareLicensesMeta,
  openRateLimitsMeta,
  oauthClientsMeta,
  openAuthCodesMeta,
  openDeviceBindingsMeta,
] as const;

import { isIP } from 'node:net';

/**
 * The address users and buyers reach this installation at: PUBLIC_BASE_URL, or the local server when it is not
 * set. Every link that leaves the server (short links in mail and SMS) is built on it.
 */
export function publicBaseUrl(config: { PUBLIC_BASE_URL?: string; PORT: number }): string {
  return (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/**
 * True when the address names this machine only (localhost, 127.0.0.0/8, ::1, its IPv4-mapped form, or the
 * unspecified 0.0.0.0 / ::): a link on it opens nothing on a buyer's phone, so the settings page warns.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  host = host.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.') || host === '0.0.0.0';
  if (isIP(host) === 6) {
    if (host === '::1' || host === '::') return true;
    // The URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1.
    const mapped = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(host);
    return !!mapped && (Number.parseInt(mapped[1], 16) >> 8 === 127 || Number.parseInt(mapped[1], 16) === 0);
  }
  return false;
}

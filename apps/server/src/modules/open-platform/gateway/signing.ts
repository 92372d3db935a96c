import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The open API's request signature (HMAC-SHA256), as the README's signing guide states it:
 *
 *   stringToSign = METHOD + "\n" + path + "\n" + canonicalQuery + "\n" + hex(sha256(body)) + "\n" + timestamp + "\n" + nonce
 *   X-Fpy-Signature = hex(HMAC-SHA256(appSecret, stringToSign))   (lower case)
 *
 * path: the request path as sent, without the query ('/openapi/v1/invoices/12'). canonicalQuery: the query's
 * parameters decoded, sorted by name then value, each re-encoded with encodeURIComponent as name=value, joined
 * by '&' ('' without a query). body: the raw bytes sent ('' for none). timestamp: Unix seconds. nonce: 8–64 of
 * [A-Za-z0-9_-], new for every request.
 */
export function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  const pairs: [string, string][] = [];
  for (const part of rawQuery.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const dec = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    pairs.push(eq < 0 ? [dec(part), ''] : [dec(part.slice(0, eq)), dec(part.slice(eq + 1))]);
  }
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

export const sha256Hex = (body: string | Uint8Array) => createHash('sha256').update(body).digest('hex');

export interface SignInput {
  method: string;
  /** Path and optional query, as sent: '/openapi/v1/invoices?page=1'. */
  url: string;
  /** hex sha256 of the raw body; sha256Hex('') when there is none. */
  bodySha256: string;
  timestamp: string;
  nonce: string;
}

export function stringToSign(i: SignInput): string {
  const q = i.url.indexOf('?');
  const path = q < 0 ? i.url : i.url.slice(0, q);
  const query = q < 0 ? '' : i.url.slice(q + 1);
  return [i.method.toUpperCase(), path, canonicalQuery(query), i.bodySha256, i.timestamp, i.nonce].join('\n');
}

export function sign(secret: string, i: SignInput): string {
  return createHmac('sha256', secret).update(stringToSign(i)).digest('hex');
}

/** Constant-time comparison of the expected and the presented signature. */
export function signatureMatches(expected: string, presented: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(presented)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(presented.toLowerCase(), 'hex'));
}

export const NONCE_RE = /^[A-Za-z0-9_-]{8,64}$/;

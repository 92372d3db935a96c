import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3-compatible stores (AWS, MinIO, Ceph, OSS/COS S3 endpoints), written against
 * the published algorithm so no SDK is needed: canonical request → string to sign → HMAC chain of
 * date/region/service → Authorization header. Payloads are always hashed (no UNSIGNED-PAYLOAD), which every
 * S3-compatible server accepts.
 */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (lower-cased here). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (the empty string's hash for none). */
  payloadHash: string;
  now?: Date;
}

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 requires: encodeURIComponent plus the five characters it leaves alone. */
export const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** 20130524T000000Z */
export const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams].map(([k, v]) => [uriEncode(k), uriEncode(v)] as const);
  pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

export interface SignedParts {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  /** Every header to send, including authorization. */
  headers: Record<string, string>;
}

/**
 * Signs a request. S3 does not normalise the path: `url.pathname` must already be the encoded form that is
 * sent (see `uriEncode` per segment), and it is used as is for the canonical URI.
 */
export function signV4(req: SigV4Request, creds: SigV4Credentials): SignedParts {
  const service = creds.service ?? 's3';
  const when = amzDate(req.now ?? new Date());
  const day = when.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers ?? {})) headers[k.toLowerCase()] = v;
  headers.host = req.url.host;
  headers['x-amz-date'] = when;
  headers['x-amz-content-sha256'] = req.payloadHash;
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n].trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    req.method.toUpperCase(),
    req.url.pathname || '/',
    canonicalQuery(req.url),
    canonicalHeaders,
    signedHeaders,
    req.payloadHash,
  ].join('\n');
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', when, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { canonicalRequest, stringToSign, signature, headers };
}

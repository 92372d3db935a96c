import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
} from 'node:crypto';

/**
 * The two platforms' callback signatures, on node:crypto (RSA-SHA256, PKCS#1 v1.5, Base64):
 * - WeChat Pay API v3: headers Wechatpay-Timestamp, -Nonce, -Serial, -Signature over `ts\nnonce\nbody\n`; the
 *   notice's `resource` is AEAD_AES_256_GCM-encrypted with the merchant's API v3 key.
 * - Alipay (RSA2): form parameters; `sign` over the other parameters (without sign and sign_type) sorted by name,
 *   `k=v` joined by `&`.
 */

/** A PEM, or its Base64 body alone (a one-line form field), as a PEM of `label` (PRIVATE KEY, PUBLIC KEY …). */
export function asPem(value: string, label: string): string {
  const v = value.trim();
  if (v.startsWith('-----BEGIN')) return v;
  const body = v.replace(/\s+/g, '');
  return `-----BEGIN ${label}-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END ${label}-----\n`;
}

export function privateKeyOf(value: string): KeyObject {
  const v = value.trim();
  if (v.startsWith('-----BEGIN')) return createPrivateKey(v);
  try {
    return createPrivateKey(asPem(v, 'PRIVATE KEY'));
  } catch {
    return createPrivateKey(asPem(v, 'RSA PRIVATE KEY'));
  }
}

/** A public key or an X.509 certificate (WeChat's platform certificate), PEM or Base64 body. */
export function publicKeyOf(value: string): KeyObject {
  const v = value.trim();
  if (v.startsWith('-----BEGIN')) return createPublicKey(v);
  try {
    return createPublicKey(asPem(v, 'PUBLIC KEY'));
  } catch {
    return createPublicKey(asPem(v, 'CERTIFICATE'));
  }
}

export const rsaSign = (key: KeyObject, message: string) =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');

export function rsaVerify(key: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

// --- WeChat Pay v3 ---------------------------------------------------------------------------------------

export const wechatMessage = (ts: string, nonce: string, body: string) => `${ts}\n${nonce}\n${body}\n`;

/** How far a callback's timestamp may be from now (WeChat's own SDKs use 5 minutes). */
export const WECHAT_CLOCK_SKEW_S = 300;

const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

export function verifyWechat(
  key: KeyObject,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now = Date.now(),
): boolean {
  const ts = header(headers, 'Wechatpay-Timestamp');
  const nonce = header(headers, 'Wechatpay-Nonce');
  const sig = header(headers, 'Wechatpay-Signature');
  if (!ts || !nonce || !sig || !/^\d{1,12}$/.test(ts)) return false;
  if (Math.abs(now / 1000 - Number(ts)) > WECHAT_CLOCK_SKEW_S) return false;
  return rsaVerify(key, wechatMessage(ts, nonce, body), sig);
}

export function signWechat(key: KeyObject, serial: string, body: string, now = Date.now()) {
  const ts = String(Math.floor(now / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': ts,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': serial,
    'wechatpay-signature': rsaSign(key, wechatMessage(ts, nonce, body)),
    'content-type': 'application/json',
  };
}

/** WeChat's AEAD_AES_256_GCM resource: ciphertext = Base64(encrypted ‖ 16-byte tag). */
export function encryptResource(apiV3Key: string, plain: string, associatedData: string) {
  const nonce = randomBytes(6).toString('hex');
  const c = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  c.setAAD(Buffer.from(associatedData, 'utf8'));
  const enc = Buffer.concat([c.update(plain, 'utf8'), c.final(), c.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: enc.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
}

export function decryptResource(
  apiV3Key: string,
  r: { ciphertext: string; associated_data?: string; nonce: string },
): string {
  const buf = Buffer.from(r.ciphertext, 'base64');
  const d = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  d.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  d.setAuthTag(buf.subarray(buf.length - 16));
  return Buffer.concat([d.update(buf.subarray(0, buf.length - 16)), d.final()]).toString('utf8');
}

// --- Alipay RSA2 -----------------------------------------------------------------------------------------

export const alipaySignContent = (params: Record<string, string>) =>
  Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

export function signAlipay(key: KeyObject, params: Record<string, string>): string {
  const all = { ...params, sign_type: 'RSA2' };
  const sign = rsaSign(key, alipaySignContent(all));
  return new URLSearchParams({ ...all, sign }).toString();
}

/** The notice's parameters when its `sign` verifies, else null. */
export function verifyAlipay(key: KeyObject, body: string): Record<string, string> | null {
  const params = Object.fromEntries(new URLSearchParams(body));
  if (!params.sign || (params.sign_type && params.sign_type !== 'RSA2')) return null;
  return rsaVerify(key, alipaySignContent(params), params.sign) ? params : null;
}

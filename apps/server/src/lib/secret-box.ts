import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept so they can be used again (an open app's AppSecret: HMAC needs it back), encrypted at rest with
 * AES-256-GCM. Cipher text: 'v1:' + base64url(iv 12 bytes | tag 16 bytes | ciphertext). The key is
 * OPEN_SECRET_KEY (64 hex characters, or any passphrase, hashed to 32 bytes); unset, a fixed development key
 * derived from a constant is used — fine for a sandbox, never for production (set the variable there).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial?: string) {
    this.key = SecretBox.keyOf(keyMaterial);
  }

  static keyOf(material?: string): Buffer {
    if (material && /^[0-9a-fA-F]{64}$/.test(material)) return Buffer.from(material, 'hex');
    return createHash('sha256')
      .update(material || 'fpy-dev-open-secret-key:not-for-production')
      .digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plain text; throws when the cipher text was altered or sealed with another key. */
  open(sealed: string): string {
    if (!sealed.startsWith('v1:')) throw new Error('unknown secret format');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const d = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  }
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `n` random base62 characters (unbiased). */
export function randomBase62(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const b of randomBytes(n * 2)) {
      if (b < 248 && out.length < n) out += BASE62[b % 62];
    }
  }
  return out;
}

/** A new open app's credentials: appKey 'ak_' + 20 base62, appSecret 40 base62 (shown once). */
export function newAppCredentials(): { appKey: string; appSecret: string } {
  return { appKey: `ak_${randomBase62(20)}`, appSecret: randomBase62(40) };
}

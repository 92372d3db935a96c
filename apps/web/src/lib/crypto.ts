import { callLazy } from './http.ts';

/**
 * Passwords never leave the browser in clear text (spec §5): they are RSA-OAEP(SHA-256) encrypted with the
 * server's public key and sent base64-encoded.
 */
let pemPromise: Promise<string> | undefined;
let keyPromise: Promise<CryptoKey> | undefined;

function publicKeyPem(): Promise<string> {
  pemPromise ??= callLazy('getPublicKey', { silent: true })
    .then((r) => r.publicKey)
    .catch((err) => {
      // A failed fetch must not poison the cache: the next attempt asks again.
      pemPromise = undefined;
      throw err;
    });
  return pemPromise;
}

function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return bytes.buffer;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

async function webCryptoKey(): Promise<CryptoKey> {
  keyPromise ??= publicKeyPem()
    .then((pem) =>
      crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
        'encrypt',
      ]),
    )
    .catch((err) => {
      keyPromise = undefined;
      throw err;
    });
  return keyPromise;
}

/** crypto.subtle exists only on secure origins; plain-http intranet deployments fall back to node-forge. */
async function forgeEncrypt(plain: string): Promise<string> {
  const [{ default: forge }, pem] = await Promise.all([import('node-forge'), publicKeyPem()]);
  const key = forge.pki.publicKeyFromPem(pem);
  const encrypted = key.encrypt(forge.util.encodeUtf8(plain), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(encrypted);
}

export async function encryptPassword(plain: string): Promise<string> {
  if (!globalThis.crypto?.subtle) return forgeEncrypt(plain);
  const key = await webCryptoKey();
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain));
  return toBase64(new Uint8Array(cipher));
}

import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import type { Db } from '@fpy/db';
import { keyPairs } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { PasswordKey } from '../../../http/module.ts';
import { badRequest } from '../../../lib/errors.ts';

const PURPOSE = 'login-rsa';

/**
 * The RSA-2048 key the browser encrypts passwords with (RSA-OAEP, SHA-256). Generated on first start and
 * kept in the database, so it survives restarts and is shared by every server process.
 */
export class LoginKey implements PasswordKey {
  private constructor(
    readonly publicPem: string,
    private privatePem: string,
  ) {}

  static async load(db: Db): Promise<LoginKey> {
    const [row] = await db.select().from(keyPairs).where(eq(keyPairs.purpose, PURPOSE));
    if (row) return new LoginKey(row.publicPem, row.privatePem);
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    // Two processes starting together: the first insert wins and both use the stored pair.
    await db
      .insert(keyPairs)
      .values({ purpose: PURPOSE, publicPem: publicKey, privatePem: privateKey })
      .onConflictDoNothing();
    const [stored] = await db.select().from(keyPairs).where(eq(keyPairs.purpose, PURPOSE));
    return new LoginKey(stored.publicPem, stored.privatePem);
  }

  /** base64 RSA-OAEP(SHA-256) ciphertext → the UTF-8 password. */
  decrypt(b64: string): string {
    try {
      return privateDecrypt(
        { key: this.privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(b64, 'base64'),
      ).toString('utf8');
    } catch {
      throw badRequest('PASSWORD_NOT_ENCRYPTED');
    }
  }
}

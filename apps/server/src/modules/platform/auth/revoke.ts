import { accessTokens, type Db } from '@fpy/db';
import { and, eq, isNull } from 'drizzle-orm';

/**
 * Revokes every live token of a user, in the caller's transaction (a disabled, reset or deleted account).
 * access_tokens is written by this module only (issue 29 §4); the caller drops cached actors after its commit.
 */
export const revokeAllTokens = (db: Db, userId: number) =>
  db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));

import { OPEN_TOKEN_TTL_SECONDS } from '@fpy/contracts';
import { openAccessTokens, openAppGroups, openApps } from '@fpy/db';
import { and, eq, isNull } from 'drizzle-orm';
import { ErrorStatus } from '@fpy/domain';
import type { Ctx } from '../../../http/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { sha256 } from '../../../lib/hash.ts';
import { randomBase62, SecretBox } from '../../../lib/secret-box.ts';
import type { ClientCredentialsGrant } from '../../platform/auth/index.ts';
import { signatureMatches } from './signing.ts';
import { createHmac } from 'node:crypto';

const boxes = new Map<string, SecretBox>();
/** The secret box of an installation's key (one per key in this process). */
export function boxFor(key: string | undefined): SecretBox {
  let b = boxes.get(key ?? '');
  if (!b) {
    b = new SecretBox(key);
    boxes.set(key ?? '', b);
  }
  return b;
}

const badClient = () => new AppError(401, ErrorStatus.BadClient, 'CLIENT_INVALID');

/** Constant-time secret comparison (through HMACs of equal length). */
function sameSecret(a: string, b: string) {
  const k = 'open-secret-compare';
  return signatureMatches(
    createHmac('sha256', k).update(a).digest('hex'),
    createHmac('sha256', k).update(b).digest('hex'),
  );
}

/**
 * grant_type=client_credentials: appKey and appSecret as the Basic credential (RFC 6749 §2.3.1) or as the form
 * fields client_id / client_secret → a bearer token for /openapi/v1, valid 2 h, stored as its SHA-256.
 * Unknown app, wrong secret and disabled app get the same answer (CLIENT_INVALID, 401).
 */
export function clientCredentialsGrant(): ClientCredentialsGrant {
  return async (ctx: Ctx, input) => {
    let id = input.clientId;
    let secret = input.clientSecret;
    if (input.authorization?.startsWith('Basic ')) {
      const decoded = Buffer.from(input.authorization.slice(6), 'base64').toString('utf8');
      const sep = decoded.indexOf(':');
      if (sep > 0) {
        id = decoded.slice(0, sep);
        secret = decoded.slice(sep + 1);
      }
    }
    if (!id || !secret || id.length > 64) throw badClient();
    // Straight from the database (this grant is process-wide; the caller's ctx names the installation).
    const [app] = await ctx.db.select().from(openApps).where(eq(openApps.appKey, id)).limit(1);
    if (app?.state !== 'enabled') throw badClient();
    const groups = await ctx.db
      .select({ g: openAppGroups.groupCode })
      .from(openAppGroups)
      .where(eq(openAppGroups.appId, app.id));
    let real: string;
    try {
      real = boxFor(ctx.config.OPEN_SECRET_KEY).open(app.secretCipher);
    } catch {
      throw badClient();
    }
    if (!sameSecret(real, secret)) throw badClient();
    const token = `ot_${randomBase62(40)}`;
    await ctx.db.insert(openAccessTokens).values({
      tokenHash: sha256(token),
      appId: app.id,
      expiresAt: new Date(Date.now() + OPEN_TOKEN_TTL_SECONDS * 1000),
      ip: ctx.ip,
    });
    return {
      access_token: token,
      token_type: 'bearer' as const,
      expires_in: OPEN_TOKEN_TTL_SECONDS,
      scope: groups
        .map((g) => g.g)
        .sort()
        .join(' '),
    };
  };
}

/**
 * Revokes every live client-credentials token of an app (its secret was reset, in the caller's transaction).
 * This module issues the tokens and is their one writer; the console asks here.
 */
export async function revokeAppTokens(tx: Pick<Ctx['db'], 'update'>, appId: number) {
  await tx
    .update(openAccessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(openAccessTokens.appId, appId), isNull(openAccessTokens.revokedAt)));
}

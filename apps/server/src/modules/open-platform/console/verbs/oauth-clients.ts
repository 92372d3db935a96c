import { CONSOLE_CLIENT_ID, type oauthClientInput } from '@fpy/contracts';
import { oauthClients } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { uniqueViolation } from '../../../../crud/unique.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest, notFound } from '../../../../lib/errors.ts';
import { sha256 } from '../../../../lib/hash.ts';
import { randomBase62 } from '../../../../lib/secret-box.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { oauthClientsResource } from '../resources.ts';

const RESOURCE = 'oauthClients';

/**
 * 新建 OAuth 客户端: the secret is the server's (32 base62), stored only as its SHA-256 (the token endpoint
 * compares digests) and answered this once. A taken client id is a 400 naming it (the unique index decides).
 */
export async function createOauthClient(ctx: AuthedCtx, body: z.infer<typeof oauthClientInput>) {
  const secret = randomBase62(32);
  try {
    return await withTransaction(ctx, async (tx, txCtx) => {
      const [row] = await tx
        .insert(oauthClients)
        .values({ ...body, secretHash: sha256(secret) })
        .returning({ id: oauthClients.id });
      await emitAudit(tx, txCtx, {
        tenantId: null,
        resource: RESOURCE,
        recordId: row.id,
        action: 'create',
        changes: body,
      });
      return { id: row.id, key: body.clientId, secret };
    });
  } catch (err) {
    throw uniqueViolation(oauthClientsResource, err, body) ?? err;
  }
}

/** 重置密钥: a new secret shown once; the old one is refused from now on. */
export async function resetOauthClientSecret(ctx: AuthedCtx, id: number) {
  const secret = randomBase62(32);
  return withTransaction(ctx, async (tx, txCtx) => {
    const [row] = await tx
      .update(oauthClients)
      .set({ secretHash: sha256(secret) })
      .where(eq(oauthClients.id, id))
      .returning({ id: oauthClients.id, clientId: oauthClients.clientId });
    if (!row) throw notFound();
    // The console sends its built-in secret with every login: a new one would lock everybody out.
    if (row.clientId === CONSOLE_CLIENT_ID) throw badRequest('OPEN_CONSOLE_CLIENT_SECRET');
    await emitAudit(tx, txCtx, {
      tenantId: null,
      resource: RESOURCE,
      recordId: id,
      action: 'resetSecret',
      changes: {},
    });
    return { id, key: row.clientId, secret };
  });
}

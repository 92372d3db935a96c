import { getSelf, type SelfInfo, updateSelf } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { accessTokens, users } from '@fpy/db';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { badRequest } from '../../../lib/errors.ts';
import { consumeCode } from '../auth/index.ts';
import { updateOwnProfile } from '../org/index.ts';

async function loadSelf(db: Db, userId: number): Promise<SelfInfo> {
  const [[u], tokens] = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)),
    db
      .select({ time: accessTokens.createdAt, ip: accessTokens.ip, userAgent: accessTokens.userAgent })
      .from(accessTokens)
      .where(eq(accessTokens.userId, userId))
      .orderBy(desc(accessTokens.id))
      .limit(10),
  ]);
  return {
    username: u.username,
    name: u.name,
    phone: u.phone,
    email: u.email,
    avatar: u.avatar,
    recentLogins: tokens.map((t) => ({ ...t, time: t.time.toISOString() })),
  };
}

/** 个人中心: the caller's own account only — there is no id to name anyone else. */
export function registerSelfRoutes(app: FastifyInstance) {
  route(app, getSelf, (ctx) => loadSelf(ctx.db, ctx.actor.userId));

  route(app, updateSelf, async (ctx, { body }) => {
    const [u] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.userId));
    const phone = body.phone === undefined ? u.phone : body.phone;
    const email = body.email === undefined ? u.email : (body.email?.toLowerCase() ?? null);
    const contactChanged = phone !== u.phone || email !== u.email;
    // Phone and e-mail receive password-reset codes: changing them needs a code sent to the current contact.
    // An account with neither has nothing to prove and may set one freely.
    if (contactChanged && (u.phone || u.email)) {
      if (!body.code) throw badRequest('CODE_REQUIRED');
      await consumeCode(ctx, u.id, 'modify', body.code);
    }
    await updateOwnProfile(ctx.db, u.id, { name: body.name, phone, email });
    ctx.invalidateAuthz();
    return loadSelf(ctx.db, u.id);
  });
}

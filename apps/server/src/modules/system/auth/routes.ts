import {
  forgetPwd,
  getForgetPwdCode,
  getModifyPasswordCode,
  getPublicKey,
  issueToken as issueTokenRoute,
  modifyPassword,
  revokeToken,
  unsafeUser,
} from '@fpy/contracts';
import { accessTokens, users } from '@fpy/db';
import { passwordProblem } from '@fpy/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { badRequest } from '../../../lib/errors.ts';
import { sha256 } from '../../../lib/hash.ts';
import { verifyClient } from './client-credential.ts';
import { issueToken } from './issue-token.ts';
import type { LoginKey } from './login-key.ts';
import { consumeCode, maskTarget, sendCode, setOwnPassword } from './verification-code.ts';

export function registerAuthRoutes(app: FastifyInstance, key: LoginKey) {
  route(app, getPublicKey, () => ({ publicKey: key.publicPem }));

  route(app, issueTokenRoute, async (ctx, { body, req }) => {
    const client = await verifyClient(ctx.db, req.headers.authorization);
    const ttl = Math.min(client.accessTokenTtl, ctx.config.TOKEN_TTL_SECONDS);
    return issueToken(ctx, {
      username: body.username,
      password: key.decrypt(body.password),
      clientId: client.clientId,
      ttl,
    });
  });

  route(app, revokeToken, async (ctx, { query }) => {
    await ctx.db
      .update(accessTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(accessTokens.tokenHash, sha256(query.access_token)), isNull(accessTokens.revokedAt)));
    ctx.invalidateAuthz();
    return { ok: true as const };
  });

  route(app, getForgetPwdCode, async (ctx, { body }) => {
    const channel = body.target.includes('@') ? ('email' as const) : ('sms' as const);
    const [user] = await ctx.db.select().from(users).where(eq(users.username, body.username)).limit(1);
    const matches =
      user &&
      (channel === 'email'
        ? user.email?.toLowerCase() === body.target.toLowerCase()
        : user.phone === body.target);
    // The same reply whether or not the account exists or the contact matches: no account enumeration.
    if (matches) await sendCode(ctx, user, 'forget', channel, body.target);
    return { sent: true as const, channel };
  });

  route(app, forgetPwd, async (ctx, { body }) => {
    const [user] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, body.username))
      .limit(1);
    if (!user) throw badRequest('CODE_EXPIRED', '验证码已失效，请重新获取');
    const password = key.decrypt(body.password);
    const problem = passwordProblem(password);
    if (problem) throw badRequest('PASSWORD_WEAK', problem);
    await consumeCode(ctx, user.id, 'forget', body.code);
    await setOwnPassword(ctx, user.id, password);
    return { ok: true as const };
  });

  route(app, getModifyPasswordCode, async (ctx, { query }) => {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.userId));
    const target = query.channel === 'email' ? user.email : user.phone;
    if (!target)
      throw badRequest('NO_CONTACT', query.channel === 'email' ? '账户未绑定邮箱' : '账户未绑定手机号');
    if (!(await sendCode(ctx, user, 'modify', query.channel, target))) {
      throw badRequest('CODE_TOO_FREQUENT', '验证码发送过于频繁，请1分钟后再试');
    }
    return { sent: true as const, channel: query.channel, maskedTarget: maskTarget(target) };
  });

  route(app, modifyPassword, async (ctx, { body }) => {
    const password = key.decrypt(body.password);
    const problem = passwordProblem(password);
    if (problem) throw badRequest('PASSWORD_WEAK', problem);
    await consumeCode(ctx, ctx.actor.userId, 'modify', body.code);
    await setOwnPassword(ctx, ctx.actor.userId, password, ctx.actor.tokenHash);
    return { ok: true as const };
  });

  route(app, unsafeUser, async (ctx) => {
    const [u] = await ctx.db
      .select({ state: users.passwordState, changedAt: users.passwordChangedAt })
      .from(users)
      .where(eq(users.id, ctx.actor.userId));
    const reason =
      u.state === 'initial' || u.state === 'reset' || u.state === 'weak'
        ? (u.state as 'initial' | 'reset' | 'weak')
        : null;
    return { unsafe: reason !== null, reason, passwordChangedAt: u.changedAt?.toISOString() ?? null };
  });
}

import {
  forgetPwd,
  getForgetPwdCode,
  getModifyPasswordCode,
  getPublicKey,
  issueToken as issueTokenRoute,
  modifyPassword,
  revokeToken,
  unsafeUser,
  adoptSession,
} from '@fpy/contracts';
import { accessTokens, users } from '@fpy/db';
import { passwordProblem } from '@fpy/domain';
import { passwordWeak } from './password-weak.ts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { badRequest } from '../../../lib/errors.ts';
import {
  clearSessionCookies,
  fromConsole,
  requestToken,
  setSessionCookies,
} from '../../../plugins/session-cookie.ts';
import { sha256 } from '../../../lib/hash.ts';
import { verifyClient } from './client-credential.ts';
import { issueToken } from './issue-token.ts';
import type { PasswordKey } from '../../../http/module.ts';
import { clientCredentialsGrant } from './client-credentials-grant.ts';
import { consumeCode, consumeForgetCode, maskTarget, sendCode, setOwnPassword } from './verification-code.ts';

export function registerAuthRoutes(app: FastifyInstance, key: PasswordKey) {
  route(app, getPublicKey, () => ({ publicKey: key.publicPem }));

  route(app, issueTokenRoute, async (ctx, { body, req, reply }) => {
    if (body.grant_type === 'client_credentials') {
      // Open-platform apps (issue 32): the grant is the gateway's (modules/open-platform/gateway registers it).
      if (!clientCredentialsGrant) throw badRequest('BAD_REQUEST');
      return clientCredentialsGrant(ctx, {
        authorization: req.headers.authorization,
        clientId: body.client_id,
        clientSecret: body.client_secret,
      });
    }
    const client = await verifyClient(ctx.db, req.headers.authorization);
    const ttl = Math.min(client.accessTokenTtl, ctx.config.TOKEN_TTL_SECONDS);
    const issued = await issueToken(ctx, {
      username: body.username,
      password: key.decrypt(body.password),
      clientId: client.clientId,
      ttl,
    });
    // Only the console's own login becomes a cookie session; API clients keep the token they were given, and
    // another site's form (which cannot add the console header) can never plant a session (login CSRF).
    if (fromConsole(req))
      setSessionCookies(reply, issued.access_token, issued.expires_in, ctx.config.secureCookies);
    return issued;
  });

  route(app, revokeToken, async (ctx, { query, reply }) => {
    const own = ctx.actor?.tokenHash;
    // The spec's access_token parameter may name a token to revoke; revoking needs no proof of ownership since
    // whoever knows a token already holds it, but it never authenticates anything.
    const hashes = [own, query.access_token ? sha256(query.access_token) : undefined].filter(
      (h): h is string => !!h,
    );
    if (hashes.length)
      await ctx.db
        .update(accessTokens)
        .set({ revokedAt: new Date() })
        .where(and(inArray(accessTokens.tokenHash, hashes), isNull(accessTokens.revokedAt)));
    ctx.invalidateAuthz();
    clearSessionCookies(reply, ctx.config.secureCookies);
    return { ok: true as const };
  });

  route(app, adoptSession, async (ctx, { req, reply }) => {
    // Only a token sent explicitly in the Authorization header is handed over; a cookie session is already one.
    const found = requestToken(req);
    if (found?.via !== 'header') throw badRequest('TOKEN_HEADER_REQUIRED');
    const [row] = await ctx.db
      .select({ expiresAt: accessTokens.expiresAt })
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, ctx.actor.tokenHash))
      .limit(1);
    const expiresIn = Math.max(1, Math.floor(((row?.expiresAt.getTime() ?? Date.now()) - Date.now()) / 1000));
    setSessionCookies(reply, found.token, expiresIn, ctx.config.secureCookies);
    return { username: ctx.actor.username, expiresIn };
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
    // The new password's rule first: its answer depends on the password only, never on the account.
    const password = key.decrypt(body.password);
    const problem = passwordProblem(password);
    if (problem) throw passwordWeak(problem);
    const userId = await consumeForgetCode(ctx, body.username, body.code);
    await setOwnPassword(ctx, userId, password);
    return { ok: true as const };
  });

  route(app, getModifyPasswordCode, async (ctx, { query }) => {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.userId));
    const target = query.channel === 'email' ? user.email : user.phone;
    if (!target) throw badRequest(query.channel === 'email' ? 'NO_CONTACT.email' : 'NO_CONTACT');
    if (!(await sendCode(ctx, user, 'modify', query.channel, target))) {
      throw badRequest('CODE_TOO_FREQUENT');
    }
    return { sent: true as const, channel: query.channel, maskedTarget: maskTarget(target) };
  });

  route(app, modifyPassword, async (ctx, { body }) => {
    const password = key.decrypt(body.password);
    const problem = passwordProblem(password);
    if (problem) throw passwordWeak(problem);
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

import {
  createInvoicerIdentityLink,
  getInvoicerIdentity,
  invoicerCaptchaCheck,
  invoicerCaptchaData,
  VALIDATE_MAX_ATTEMPTS,
} from '@fpy/contracts';
import { invoicerIdentityLinks } from '@fpy/db';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { issuingTenant } from '../invoicing/index.ts';
import { miss, openLink, view } from './link.ts';
import { checkCaptcha } from './verbs/check-captcha.ts';
import { createLink } from './verbs/create-link.ts';

export function registerInvoicerIdentityRoutes(app: FastifyInstance) {
  // --- console (开票人设置) -----------------------------------------------------------------------------------
  route(app, getInvoicerIdentity, async (ctx) => {
    const tenantId = issuingTenant(ctx);
    const status = await ctx.taxGatewayFor(ctx.db).identityStatus(tenantId);
    if (status.state === 'confirmed')
      return {
        state: 'confirmed' as const,
        askedAt: null,
        confirmedAt: status.confirmedAt?.toISOString() ?? null,
        openLink: null,
      };
    const [link] = await ctx.db
      .select()
      .from(invoicerIdentityLinks)
      .where(
        and(
          eq(invoicerIdentityLinks.tenantId, tenantId),
          eq(invoicerIdentityLinks.challengeId, status.challengeId),
          gt(invoicerIdentityLinks.expiresAt, new Date()),
          isNull(invoicerIdentityLinks.lockedAt),
          isNull(invoicerIdentityLinks.confirmedAt),
        ),
      )
      .orderBy(desc(invoicerIdentityLinks.id))
      .limit(1);
    return {
      state: 'required' as const,
      askedAt: status.askedAt.toISOString(),
      confirmedAt: null,
      openLink: link
        ? { expiresAt: link.expiresAt.toISOString(), attemptsLeft: VALIDATE_MAX_ATTEMPTS - link.attempts }
        : null,
    };
  });

  route(app, createInvoicerIdentityLink, (ctx) =>
    createLink({ ctx, input: { tenantId: issuingTenant(ctx), userId: ctx.actor.userId } }),
  );

  // --- phone (/validate): public, the link code is the credential ----------------------------------------------
  route(app, invoicerCaptchaData, async (ctx, { body }) => {
    const o = await openLink(ctx, body.code);
    if (o.link.confirmedAt) return view(o, o.link.createdAt, null, true);
    const gateway = ctx.taxGatewayFor(ctx.db);
    const status = await gateway.identityStatus(o.link.tenantId);
    if (status.state !== 'required' || status.challengeId !== o.link.challengeId) return miss(ctx);
    const captcha = await gateway.identityCaptcha(o.link.tenantId, o.link.challengeId);
    if (!captcha) return miss(ctx);
    return view(o, status.askedAt, captcha, false);
  });

  route(app, invoicerCaptchaCheck, (ctx, { body }) => checkCaptcha({ ctx, input: body }));
}

import { VALIDATE_MAX_ATTEMPTS } from '@fpy/contracts';
import { invoicerIdentityLinks } from '@fpy/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Ctx } from '../../../../http/context.ts';
import { badRequest, businessError } from '../../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { miss, type OpenLink, openLink, view } from '../link.ts';

/**
 * 提交验证码: the bureau checks the answer (outside any transaction); then the link records the outcome in one
 * conditional statement with its audit row. Right → the link is confirmed (a second tap answers the same);
 * wrong → one attempt counted, the link locks at VALIDATE_MAX_ATTEMPTS; an expired or spent captcha counts
 * nothing (get a new one). A link whose demand the bureau replaced answers like an unknown code.
 */
export async function checkCaptcha({ ctx, input }: { ctx: Ctx; input: { code: string; captcha: string } }) {
  const o = await openLink(ctx, input.code);
  if (o.link.confirmedAt) return view(o, o.link.createdAt, null, true);
  const gateway = ctx.taxGatewayFor(ctx.db);
  const status = await gateway.identityStatus(o.link.tenantId);
  if (status.state !== 'required' || status.challengeId !== o.link.challengeId) return miss(ctx);
  const outcome = await gateway.checkIdentityCaptcha(o.link.tenantId, o.link.challengeId, input.captcha);
  if (outcome === 'stale') throw businessError('IDENTITY_CAPTCHA_STALE');
  const link = await record(ctx, o, outcome === 'confirmed');
  if (!link) throw businessError('IDENTITY_LINK_LOCKED');
  const next = { ...o, link };
  if (outcome === 'confirmed') return view(next, status.askedAt, null, true);
  if (link.lockedAt) throw businessError('IDENTITY_LINK_LOCKED');
  throw badRequest('IDENTITY_CAPTCHA_WRONG', {
    attemptsLeft: String(Math.max(0, VALIDATE_MAX_ATTEMPTS - link.attempts)),
  });
}

async function record(ctx: Ctx, o: OpenLink, right: boolean) {
  return withTransaction(ctx, async (tx) => {
    const now = new Date();
    const [link] = await tx
      .update(invoicerIdentityLinks)
      .set(
        right
          ? { confirmedAt: now }
          : {
              attempts: sql`${invoicerIdentityLinks.attempts} + 1`,
              lockedAt: sql`CASE WHEN ${invoicerIdentityLinks.attempts} + 1 >= ${VALIDATE_MAX_ATTEMPTS} THEN now() END`,
            },
      )
      .where(and(eq(invoicerIdentityLinks.id, o.link.id), isNull(invoicerIdentityLinks.lockedAt)))
      .returning();
    if (!link) return null;
    await emitAudit(
      tx,
      { actor: null, ip: ctx.ip },
      {
        tenantId: link.tenantId,
        resource: 'invoicer_identity_link',
        recordId: link.id,
        action: right ? 'confirm' : 'wrong_captcha',
        changes: right
          ? { confirmedAt: now.toISOString() }
          : { attempts: link.attempts, locked: !!link.lockedAt },
      },
    );
    return link;
  });
}

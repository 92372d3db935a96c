import { VALIDATE_CODE_RE, VALIDATE_MAX_ATTEMPTS } from '@fpy/contracts';
import { invoicerIdentityLinks, tenants } from '@fpy/db';
import { and, eq, gt } from 'drizzle-orm';
import type { IdentityCaptcha } from '../../../gateways/tax-bureau/gateway.ts';
import type { Ctx } from '../../../http/context.ts';
import { businessError, notFound, tooManyRequests } from '../../../lib/errors.ts';
import { sha256 } from '../../../lib/hash.ts';

/**
 * Guessing: every answer that is not a working link costs the caller's IP one point; past the budget every call
 * from that IP is refused until the window ends (Redis-shared with REDIS_URL). A link itself may be called
 * PER_CODE_PER_MINUTE times a minute, whoever calls.
 */
export const MISS_BUDGET = 20;
export const MISS_WINDOW_SECONDS = 600;
export const PER_CODE_PER_MINUTE = 20;

const missBudget = (ctx: Ctx) => ctx.limiter('invoicer-identity-miss', MISS_BUDGET, MISS_WINDOW_SECONDS);

export type LinkRow = typeof invoicerIdentityLinks.$inferSelect;
export interface OpenLink {
  link: LinkRow;
  companyName: string;
  creditCode: string;
}

/**
 * The link behind a code: refused IPs first, then the code's own budget, then the row (unexpired). Unknown,
 * expired, malformed and superseded codes answer alike (404) and cost a miss; a locked link says so.
 */
export async function openLink(ctx: Ctx, code: string): Promise<OpenLink> {
  if ((await missBudget(ctx).blockedMs(ctx.ip)) > 0) throw tooManyRequests();
  const hash = sha256(VALIDATE_CODE_RE.test(code) ? code : '');
  if (!(await ctx.limiter('invoicer-identity-code', PER_CODE_PER_MINUTE, 60).consume(hash)).ok)
    throw tooManyRequests();
  const [row] = await ctx.db
    .select({ link: invoicerIdentityLinks, companyName: tenants.name, creditCode: tenants.creditCode })
    .from(invoicerIdentityLinks)
    .innerJoin(tenants, eq(tenants.id, invoicerIdentityLinks.tenantId))
    .where(and(eq(invoicerIdentityLinks.codeHash, hash), gt(invoicerIdentityLinks.expiresAt, new Date())));
  if (!row) return miss(ctx);
  if (row.link.lockedAt) throw businessError('IDENTITY_LINK_LOCKED');
  return row;
}

/** Counts a miss against the IP, then refuses like an unknown code (a 429 once the budget is spent). */
export async function miss(ctx: Ctx): Promise<never> {
  if (!(await missBudget(ctx).consume(ctx.ip)).ok) throw tooManyRequests();
  throw notFound('IDENTITY_LINK_INVALID');
}

/** 91110108MA01ABCD2X → 9111********CD2X: enough for the invoicer to recognise, not to copy. */
export const maskTaxNumber = (n: string) =>
  n.length > 8 ? `${n.slice(0, 4)}${'*'.repeat(n.length - 8)}${n.slice(-4)}` : n;

export function view(o: OpenLink, askedAt: Date, captcha: IdentityCaptcha | null, confirmed: boolean) {
  return {
    state: confirmed ? ('confirmed' as const) : ('pending' as const),
    companyName: o.companyName,
    taxNumber: maskTaxNumber(o.creditCode),
    askedAt: askedAt.toISOString(),
    expiresAt: o.link.expiresAt.toISOString(),
    attemptsLeft: Math.max(0, VALIDATE_MAX_ATTEMPTS - o.link.attempts),
    captcha: !captcha
      ? null
      : captcha.kind === 'image'
        ? {
            kind: 'image' as const,
            image: `data:${captcha.contentType};base64,${Buffer.from(captcha.bytes).toString('base64')}`,
            expiresAt: captcha.expiresAt.toISOString(),
          }
        : {
            kind: 'sms' as const,
            phoneMasked: captcha.phoneMasked,
            expiresAt: captcha.expiresAt.toISOString(),
          },
  };
}

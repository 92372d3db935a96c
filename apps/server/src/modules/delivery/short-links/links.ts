import { randomBytes } from 'node:crypto';
import { SHORT_LINK_PREFIX } from '@fpy/contracts';
import { type Db, shortLinks } from '@fpy/db';
import { and, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { publicBaseUrl } from '../../../lib/public-address.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 16 base62 characters ≈ 95 bits: links cannot be enumerated (issue 14 asks at least 64). */
export const SHORT_CODE_LENGTH = 16;

/** Uniform base62 from crypto.randomBytes: bytes ≥ 248 (= 4 × 62) are dropped so no character is favoured. */
export function newShortCode(length = SHORT_CODE_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248) out += BASE62[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * The short_links rows are written by this module only (issue 29 §4: one writer per table): dispatch creates
 * links with a delivery, buyer-links counts openings and renews, plat-settings (短链管理) disables, expires and
 * extends — each through index.ts.
 */

/**
 * The address a buyer opens: PUBLIC_BASE_URL (or the local server) + `/s/<code>` (SHORT_LINK_PREFIX of
 * contracts delivery/buyer-pages.ts); the buyer-links module answers it with a redirect to its page.
 */
export function shortLinkUrl(config: { PUBLIC_BASE_URL?: string; PORT: number }, code: string): string {
  return `${publicBaseUrl(config)}${SHORT_LINK_PREFIX}${code}`;
}

export interface NewShortLink {
  tenantId: number;
  /** One invoice, or several of one buyer (a batch link: /allEleBatchSmsLink); the first is the link's invoice. */
  invoiceIds: readonly number[];
  deliveryId?: number | null;
  /** Days until it expires; 0 = never. */
  ttlDays: number;
}

/**
 * Creates a buyer's short link and answers its code. Inside the caller's transaction when given one (the
 * delivery and its link commit together). A clash of two random 95-bit codes is not expected; should the
 * primary key refuse one anyway, another code is drawn.
 */
export async function createShortLink(db: Db, link: NewShortLink): Promise<string> {
  if (!link.invoiceIds.length) throw new Error('a short link needs an invoice');
  const expiresAt = link.ttlDays > 0 ? new Date(Date.now() + link.ttlDays * 86_400_000) : null;
  for (let i = 0; ; i++) {
    const code = newShortCode();
    const rows = await db
      .insert(shortLinks)
      .values({
        code,
        tenantId: link.tenantId,
        invoiceId: link.invoiceIds[0],
        invoiceIds: link.invoiceIds.length > 1 ? [...link.invoiceIds] : null,
        deliveryId: link.deliveryId ?? null,
        expiresAt,
      })
      .onConflictDoNothing()
      .returning({ code: shortLinks.code });
    if (rows.length) return code;
    if (i >= 3) throw new Error('could not draw a free short code');
  }
}

/** Counts an opening of a working link (not disabled, not expired) and answers it; undefined otherwise. */
export async function countShortLinkOpen(db: Db, code: string, now: Date) {
  const [opened] = await db
    .update(shortLinks)
    .set({ opens: sql`${shortLinks.opens} + 1`, lastOpenedAt: now })
    .where(
      and(
        eq(shortLinks.code, code),
        isNull(shortLinks.disabledAt),
        or(isNull(shortLinks.expiresAt), gt(shortLinks.expiresAt, now)),
      ),
    )
    .returning();
  return opened;
}

/**
 * The buyer's one renewal of an expired link: a conditional UPDATE (renewed_at IS NULL), so two renewals racing
 * end in one. False when the link was renewed meanwhile or disabled.
 */
export async function renewShortLink(
  db: Db,
  code: string,
  expiresAt: Date | null,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .update(shortLinks)
    .set({ expiresAt, renewedAt: now })
    .where(and(eq(shortLinks.code, code), isNull(shortLinks.renewedAt), isNull(shortLinks.disabledAt)))
    .returning({ code: shortLinks.code });
  return !!row;
}

/** A company's change of its own links (短链管理): disable for good, expire now, or extend by days. */
export type ShortLinkChange = { kind: 'disable' } | { kind: 'expire' } | { kind: 'extend'; days: number };

/**
 * Applies a change to the tenant's links among `codes` that it can apply to (disabled links are left alone;
 * expiring skips expired ones, extending skips never-expiring ones) and answers the rows changed. Codes of
 * other tenants or unknown ones are skipped, never named.
 */
export function changeShortLinks(
  db: Db,
  tenantId: number,
  codes: readonly string[],
  change: ShortLinkChange,
) {
  const update = db.update(shortLinks);
  const returning = {
    code: shortLinks.code,
    invoiceId: shortLinks.invoiceId,
    expiresAt: shortLinks.expiresAt,
  };
  const mine = (only?: SQL) =>
    and(
      eq(shortLinks.tenantId, tenantId),
      inArray(shortLinks.code, [...new Set(codes)]),
      isNull(shortLinks.disabledAt),
      only,
    );
  switch (change.kind) {
    case 'disable':
      return update.set({ disabledAt: new Date() }).where(mine()).returning(returning);
    case 'expire':
      return update
        .set({ expiresAt: sql`now()` })
        .where(mine(or(isNull(shortLinks.expiresAt), gt(shortLinks.expiresAt, sql`now()`))))
        .returning(returning);
    case 'extend':
      // From the expiry, or from now when already expired: an extension always gives at least `days` more.
      return update
        .set({
          expiresAt: sql`greatest(${shortLinks.expiresAt}, now()) + (${change.days}::int * interval '1 day')`,
        })
        .where(mine(isNotNull(shortLinks.expiresAt)))
        .returning(returning);
  }
}

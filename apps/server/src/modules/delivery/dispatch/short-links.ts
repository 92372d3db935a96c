import { randomBytes } from 'node:crypto';
import { SHORT_LINK_PREFIX } from '@fpy/contracts';
import { type Db, shortLinks } from '@fpy/db';
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

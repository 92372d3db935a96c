import { SHORT_CODE_RE } from '@fpy/contracts';
import { shortLinks } from '@fpy/db';
import { ErrorStatus } from '@fpy/domain';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../../http/context.ts';
import { AppError, notFound, tooManyRequests } from '../../../lib/errors.ts';
import { countShortLinkOpen } from '../short-links/index.ts';

export type LinkRow = typeof shortLinks.$inferSelect;

/**
 * Guessing codes: every answer that is not a working link (unknown, expired, disabled, malformed) costs the
 * caller's IP one point; past the budget every link call from that IP is refused until the window ends. A real
 * buyer opens one or two links; a scanner needs billions of tries (codes carry ≥ 64 bits), so a small budget
 * costs buyers nothing. On Redis (REDIS_URL) all instances share the count.
 */
export const MISS_BUDGET = 20;
export const MISS_WINDOW_SECONDS = 600;

const gone = (key: 'BUYER_LINK_EXPIRED' | 'BUYER_LINK_DISABLED') =>
  new AppError(410, ErrorStatus.NotFound, key);

export const isExpired = (link: Pick<LinkRow, 'expiresAt'>, now: Date) =>
  !!link.expiresAt && link.expiresAt.getTime() <= now.getTime();

/**
 * The link behind `code`, or the refusal the buyer's page shows. `open` counts the open in the same statement
 * that finds a working link (opens + 1, last_opened_at), so concurrent opens never lose a count; an expired or
 * disabled link is not counted. `allowExpired` hands back an expired (not disabled) link, for renewal.
 *
 * Unknown and expired codes take the same steps (the counting UPDATE, then one SELECT by primary key, then the
 * miss budget), so neither the shape nor the time of the answer says more than its code does.
 */
export async function resolveLink(
  ctx: Ctx,
  code: string,
  opts: { open?: boolean; allowExpired?: boolean; now?: Date } = {},
): Promise<LinkRow> {
  const misses = ctx.limiter('buyer-link-miss', MISS_BUDGET, MISS_WINDOW_SECONDS);
  if ((await misses.blockedMs(ctx.ip)) > 0) throw tooManyRequests();
  const now = opts.now ?? new Date();
  const wellFormed = SHORT_CODE_RE.test(code);
  // A code of the wrong shape is looked up all the same (it finds nothing): the same steps as any miss.
  const key = wellFormed ? code : '';
  if (opts.open) {
    const opened = await countShortLinkOpen(ctx.db, key, now);
    if (opened) return opened;
  }
  const [link] = await ctx.db.select().from(shortLinks).where(eq(shortLinks.code, key)).limit(1);
  const refusal = !link
    ? notFound('BUYER_LINK_UNKNOWN')
    : link.disabledAt
      ? gone('BUYER_LINK_DISABLED')
      : isExpired(link, now) && !opts.allowExpired
        ? gone('BUYER_LINK_EXPIRED')
        : null;
  if (!refusal) return link!;
  if (!(await misses.consume(ctx.ip)).ok) throw tooManyRequests();
  throw refusal;
}

/** The invoices a link opens, in the link's order: a batch link's list, else its one invoice. */
export const linkInvoiceIds = (link: Pick<LinkRow, 'invoiceId' | 'invoiceIds'>): number[] =>
  link.invoiceIds?.length ? link.invoiceIds : [link.invoiceId];

/** The invoice at position `n` of the link; a position beyond it is a 404 naming the position. */
export function invoiceAt(link: LinkRow, n: number): number {
  const ids = linkInvoiceIds(link);
  if (n >= ids.length) throw notFound('BUYER_INVOICE_NOT_IN_LINK', { n: n + 1 });
  return ids[n];
}

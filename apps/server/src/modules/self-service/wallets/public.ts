import type { PublicWalletView, WalletPlatform } from '@fpy/contracts';
import { walletCards } from '@fpy/db';
import { and, asc, eq } from 'drizzle-orm';
import type { Ctx } from '../../../http/context.ts';
import { AppError, notFound, tooManyRequests } from '../../../lib/errors.ts';
import { type LinkInvoice, linkInvoices, resolveLink } from '../../delivery/buyer-links/index.ts';
import { publicCard } from './cards.ts';

/** Per link code, whatever the IP: insertions a minute and reads a minute (the status page polls). */
export const INSERTS_PER_CODE = 20;
export const READS_PER_CODE = 300;
export const CODE_WINDOW_SECONDS = 60;

/** Only a blue invoice still issued goes into a card bag (a voided or reversed one is no valid document). */
export const insertable = (inv: LinkInvoice) => inv.colour === 'blue' && inv.status === 'issued';

/**
 * The first invoice of the delivery buyer link `code`, resolved as the link pages resolve it (delivery's face:
 * the miss budget per IP). Unknown, expired, disabled, malformed and another tenant's codes all answer the same
 * 404 WALLET_LINK_UNAVAILABLE; then the code's own budget is spent.
 */
export async function openLink(ctx: Ctx, code: string, use: 'read' | 'insert') {
  let link: Awaited<ReturnType<typeof resolveLink>>;
  try {
    link = await resolveLink(ctx, code);
  } catch (err) {
    if (err instanceof AppError && (err.httpStatus === 404 || err.httpStatus === 410))
      throw notFound('WALLET_LINK_UNAVAILABLE');
    throw err;
  }
  const perCode =
    use === 'insert'
      ? ctx.limiter('wallet-insert', INSERTS_PER_CODE, CODE_WINDOW_SECONDS)
      : ctx.limiter('wallet-read', READS_PER_CODE, CODE_WINDOW_SECONDS);
  if (!(await perCode.consume(link.code)).ok) throw tooManyRequests();
  const [invoice] = await linkInvoices(ctx.db, link);
  if (!invoice) throw notFound('WALLET_LINK_UNAVAILABLE');
  return { link, invoice };
}

export async function walletView(
  ctx: Ctx,
  code: string,
  buyer: string | undefined,
): Promise<PublicWalletView> {
  const { link, invoice } = await openLink(ctx, code, 'read');
  const cards = buyer
    ? await ctx.db
        .select()
        .from(walletCards)
        .where(
          and(
            eq(walletCards.tenantId, link.tenantId),
            eq(walletCards.invoiceId, invoice.id),
            eq(walletCards.buyerRef, buyer),
          ),
        )
        .orderBy(asc(walletCards.platform))
    : [];
  return {
    invoice: {
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      sellerName: invoice.sellerName,
      buyerName: invoice.buyerName,
      totalFen: invoice.totalFen,
      taxFen: invoice.taxFen,
      type: invoice.type,
      insertable: insertable(invoice),
    },
    cards: cards.map((c) => publicCard(c, ctx.lang)),
  };
}

export type { WalletPlatform };

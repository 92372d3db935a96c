import {
  BOARD_CODE_RE,
  type BoardRequestView,
  buyerPageUrl,
  CODE_BOARD_TITLE_TYPE,
  type PublicBoard,
} from '@fpy/contracts';
import { codeBoards, commodities, type Db, invoiceRequests, tenants } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../../http/context.ts';
import { notFound, tooManyRequests } from '../../../lib/errors.ts';
import { printNameOf } from '../../sales/commodities/index.ts';
import { buyerFormRules, scanInvoiceOpen } from '../titles/index.ts';
import { controlsOf, effectiveCap } from './controls.ts';

export type BoardRow = typeof codeBoards.$inferSelect;

/**
 * Guessing codes: every answer that is not a working board costs the caller's IP a point; past the budget every
 * board call from that IP is refused until the window ends (on Redis, shared by every instance). A buyer scans
 * one board; a scanner needs ~2^119 tries.
 */
export const MISS_BUDGET = 20;
export const MISS_WINDOW_SECONDS = 600;
/** Per board code, whatever the IP: requests a minute (a busy till takes a few), reads a minute (status polls). */
export const SUBMITS_PER_CODE = 30;
export const READS_PER_CODE = 600;
export const CODE_WINDOW_SECONDS = 60;

const unavailable = () => notFound('CODE_BOARD_UNAVAILABLE');

/**
 * The working board behind `code`, or the one refusal: unknown, malformed, disabled, its company's boards
 * switched off or its self-service invoicing paused all answer 404 CODE_BOARD_UNAVAILABLE after the same steps, so nothing tells them apart. `use`
 * spends the code's own budget (submit or read).
 */
export async function resolveBoard(ctx: Ctx, code: string, use: 'read' | 'submit'): Promise<BoardRow> {
  const misses = ctx.limiter('board-miss', MISS_BUDGET, MISS_WINDOW_SECONDS);
  if ((await misses.blockedMs(ctx.ip)) > 0) throw tooManyRequests();
  const key = BOARD_CODE_RE.test(code) ? code : '';
  const [board] = await ctx.db.select().from(codeBoards).where(eq(codeBoards.code, key)).limit(1);
  // The board on, the company's boards on (码牌管控), and its self-service invoicing not paused (扫码开票设置).
  const working =
    board?.enabled &&
    (await controlsOf(ctx.db, board.tenantId)).enabled &&
    (await scanInvoiceOpen(ctx.db, board.tenantId));
  if (!board || !working) {
    if (!(await misses.consume(ctx.ip)).ok) throw tooManyRequests();
    throw unavailable();
  }
  const perCode =
    use === 'submit'
      ? ctx.limiter('board-submit', SUBMITS_PER_CODE, CODE_WINDOW_SECONDS)
      : ctx.limiter('board-read', READS_PER_CODE, CODE_WINDOW_SECONDS);
  if (!(await perCode.consume(board.code)).ok) throw tooManyRequests();
  return board;
}

/** The type a board's requests ask for, by its invoice kind. */
export const boardInvoiceType = (board: Pick<BoardRow, 'invoiceKind'>) =>
  CODE_BOARD_TITLE_TYPE[board.invoiceKind === 'normal' ? 'normal' : 'allEle'];

export const categoryIdsOf = (board: Pick<BoardRow, 'categoryIds'>) =>
  board.categoryIds.split(',').filter(Boolean).map(Number);

/** The board's categories that are still the company's enabled goods, in id order. */
export async function boardCategories(db: Db, board: BoardRow) {
  const ids = categoryIdsOf(board);
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(commodities)
    .where(
      and(eq(commodities.tenantId, board.tenantId), inArray(commodities.id, ids), eq(commodities.status, 1)),
    )
    .orderBy(commodities.id);
  return rows;
}

export const sellerNameOf = async (db: Db, tenantId: number) => {
  const [t] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return t?.name ?? '';
};

/** The board as the buyer sees it: seller, board, cap (lowered to the company's ceiling), categories. */
export async function publicBoard(ctx: Ctx, code: string): Promise<PublicBoard> {
  const board = await resolveBoard(ctx, code, 'read');
  const controls = await controlsOf(ctx.db, board.tenantId);
  const cats = await boardCategories(ctx.db, board);
  return {
    name: board.name,
    kind: board.kind as PublicBoard['kind'],
    invoiceKind: board.invoiceKind as PublicBoard['invoiceKind'],
    businessLine: board.businessLine,
    sellerName: await sellerNameOf(ctx.db, board.tenantId),
    capFen: effectiveCap(board.capFen, controls),
    autoApprove: board.approval === 'auto' && controls.autoApproveAllowed,
    categories: cats.map((c) => ({ id: c.id, name: printNameOf(c.shortName, c.name) })),
    invoiceType: boardInvoiceType(board),
    rules: await buyerFormRules(ctx.db, board.tenantId),
  };
}

type RequestRow = typeof invoiceRequests.$inferSelect;

/** What the buyer's status page shows of a request made through this board. */
export async function requestView(db: Db, board: BoardRow, r: RequestRow): Promise<BoardRequestView> {
  return {
    token: r.token,
    state: r.state as BoardRequestView['state'],
    amountFen: r.amountFen,
    categoryName: r.lines[0]?.name ?? '',
    buyerName: r.buyerName,
    sellerName: await sellerNameOf(db, board.tenantId),
    boardName: board.name,
    rejectReason: r.state === 'rejected' ? r.rejectReason : null,
    invoiceUrl: r.state === 'issued' && r.resultCode ? buyerPageUrl(r.resultCode) : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * A request by its token, only when it was made through this board: a token of another board or of an order
 * answers like an unknown one.
 */
export async function boardRequest(ctx: Ctx, code: string, token: string): Promise<BoardRequestView> {
  const board = await resolveBoard(ctx, code, 'read');
  const [r] = /^[0-9A-Za-z]{8,64}$/.test(token)
    ? await ctx.db
        .select()
        .from(invoiceRequests)
        .where(
          and(
            eq(invoiceRequests.token, token),
            eq(invoiceRequests.source, 'board'),
            eq(invoiceRequests.sourceId, board.id),
          ),
        )
        .limit(1)
    : [];
  if (!r) throw notFound('CODE_BOARD_REQUEST_UNKNOWN');
  return requestView(ctx.db, board, r);
}

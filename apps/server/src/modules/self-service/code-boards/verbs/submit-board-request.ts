import { type BoardRequestView, local, TITLE_PROBLEM_TEXTS } from '@fpy/contracts';
import { codeBoards, invoiceRequests } from '@fpy/db';
import { type BuyerTitle, checkBuyerTitle, formatYuan, normalizeBuyerTitle, titleErrors } from '@fpy/domain';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Ctx } from '../../../../http/context.ts';
import { badRequest, notFound, tooManyRequests } from '../../../../lib/errors.ts';
import { withTransaction } from '../../../../lib/write/index.ts';
import { printNameOf } from '../../../sales/commodities/index.ts';
import { afterSubmit, submitRequest } from '../../invoice-requests/index.ts';
import { buyerFormRules } from '../../titles/index.ts';
import { controlsOf, effectiveCap } from '../controls.ts';
import { boardCategories, boardInvoiceType, categoryIdsOf, requestView, resolveBoard } from '../public.ts';

export interface BoardAsk {
  amountFen: number;
  categoryId: number;
  title: { [K in keyof BuyerTitle]: BuyerTitle[K] | null };
  email?: string | null;
  mobile?: string | null;
  remark?: string | null;
}

/** Midnight in Asia/Shanghai (fixed +8 h) of `now`, as an instant. */
const shanghaiMidnight = (now: Date) => {
  const shifted = new Date(now.getTime() + 8 * 3600_000);
  shifted.setUTCHours(0, 0, 0, 0);
  return new Date(shifted.getTime() - 8 * 3600_000);
};

/**
 * A buyer's ask through a board. Refused before anything is written: an amount above the board's cap (lowered to
 * the company's ceiling), a category the board does not allow (or no longer the company's goods), a title the
 * tenant's buyer form refuses. In ONE transaction: the board row held (FOR UPDATE: asks on one board queue, so the
 * daily limit holds across instances), enabled checked again, the day's count, then invoice-requests'
 * submitRequest — approved at once when the board auto-approves and the company allows it, else pending for
 * the seller (/outputInvoiceManager/invoiceApply).
 */
export async function submitBoardRequest(ctx: Ctx, code: string, ask: BoardAsk): Promise<BoardRequestView> {
  const board = await resolveBoard(ctx, code, 'submit');
  const controls = await controlsOf(ctx.db, board.tenantId);
  const cap = effectiveCap(board.capFen, controls);
  if (ask.amountFen > cap)
    throw badRequest('CODE_BOARD_OVER_CAP', { cap: formatYuan(cap) }, { field: 'amountFen' });
  const category = categoryIdsOf(board).includes(ask.categoryId)
    ? (await boardCategories(ctx.db, board)).find((c) => c.id === ask.categoryId)
    : undefined;
  if (!category) throw badRequest('CODE_BOARD_CATEGORY_REFUSED', undefined, { field: 'categoryId' });

  const rules = await buyerFormRules(ctx.db, board.tenantId);
  const type = boardInvoiceType(board);
  const t = ask.title;
  const title = normalizeBuyerTitle({
    kind: t.kind === 'person' ? 'person' : 'company',
    name: t.name ?? '',
    taxNumber: t.taxNumber ?? undefined,
    address: t.address ?? undefined,
    phone: t.phone ?? undefined,
    bank: t.bank ?? undefined,
    account: t.account ?? undefined,
    email: t.email ?? ask.email ?? undefined,
    mobile: t.mobile ?? ask.mobile ?? undefined,
    remarks: t.remarks ?? ask.remark ?? undefined,
  });
  // The board decides the type, whatever types the scan-title form offers.
  const errors = titleErrors(checkBuyerTitle(title, type, rules)).filter((p) => p.field !== 'type');
  if (errors.length)
    throw badRequest(
      'CODE_BOARD_TITLE_INVALID',
      {
        problems: local(
          errors.map((p) => TITLE_PROBLEM_TEXTS[p.code].zh).join('；'),
          errors.map((p) => TITLE_PROBLEM_TEXTS[p.code].en).join('; '),
        ),
      },
      { problems: errors },
    );

  const submitted = await withTransaction(ctx, async (tx) => {
    const [held] = await tx.select().from(codeBoards).where(eq(codeBoards.id, board.id)).for('update');
    if (!held?.enabled) throw notFound('CODE_BOARD_UNAVAILABLE');
    if (controls.dailyRequests > 0) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(invoiceRequests)
        .where(
          and(
            eq(invoiceRequests.source, 'board'),
            eq(invoiceRequests.sourceId, board.id),
            gte(invoiceRequests.createdAt, shanghaiMidnight(new Date())),
          ),
        );
      if (n >= controls.dailyRequests) throw tooManyRequests('CODE_BOARD_DAILY_LIMIT');
    }
    return submitRequest(
      tx,
      { actor: null, ip: ctx.ip },
      {
        tenantId: board.tenantId,
        source: 'board',
        sourceId: board.id,
        amountFen: ask.amountFen,
        invoiceType: type,
        lines: [
          {
            name: printNameOf(category.shortName, category.name),
            amountFen: ask.amountFen,
            rate: category.rate,
            taxCode: category.taxCode,
            commodityId: category.id,
          },
        ],
        title,
        autoApprove: held.approval === 'auto' && controls.autoApproveAllowed && ask.amountFen <= cap,
      },
    );
  });
  await afterSubmit(ctx, submitted);
  return requestView(ctx.db, board, submitted.record);
}

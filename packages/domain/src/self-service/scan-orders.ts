/**
 * Scan-to-invoice orders and the buyer's invoice requests (issue 30): their states, the order's window and its
 * amount. Pure — the console, the phone pages and the server verbs read the same answers.
 */
import { fenToBig, bigToFen } from '../money/fen.ts';
import { MAX_AMOUNT_FEN } from '../money/range.ts';

/** What is stored on an order: expired is never stored (an open order past its expiry reads as expired). */
export const SCAN_ORDER_STATES = ['open', 'requested', 'invoiced', 'voided'] as const;
export type ScanOrderState = (typeof SCAN_ORDER_STATES)[number];
/** What an order shows: the stored state, or expired. */
export const SCAN_ORDER_VIEW_STATES = ['open', 'expired', 'requested', 'invoiced', 'voided'] as const;
export type ScanOrderViewState = (typeof SCAN_ORDER_VIEW_STATES)[number];

/** Where an order came from: a POS receipt, the console, an Excel row, the API. */
export const SCAN_ORDER_ORIGINS = ['pos', 'console', 'import', 'api'] as const;
export type ScanOrderOrigin = (typeof SCAN_ORDER_ORIGINS)[number];

export const REQUEST_STATES = ['pending', 'approved', 'rejected', 'issuing', 'issued', 'failed'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
/** Requests the seller may still approve or reject. */
export const REVIEWABLE_REQUEST_STATES = ['pending'] as const satisfies readonly RequestState[];
/** Requests that have ended: nothing more happens to them (a failed one may be retried by the seller). */
export const ENDED_REQUEST_STATES = ['rejected', 'issued'] as const satisfies readonly RequestState[];

export const REQUEST_SOURCES = ['order', 'board'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];

/** The tenant's window: `days` after creation, or the end of the month of creation (Asia/Shanghai). */
export type OrderWindow = { kind: 'days'; days: number } | { kind: 'month_end' };
export const ORDER_WINDOW_KINDS = ['days', 'month_end'] as const;
export const DEFAULT_ORDER_WINDOW: OrderWindow = { kind: 'days', days: 30 };
export const ORDER_WINDOW_MAX_DAYS = 366;

const SHANGHAI_MS = 8 * 3600_000;

/**
 * When an order created at `createdAt` stops working. month_end: the first instant of the next month in
 * Asia/Shanghai (no daylight saving: a fixed +8 h), so an order created on the 31st at 23:59 still has a minute.
 */
export function orderExpiresAt(createdAt: Date, window: OrderWindow): Date {
  if (window.kind === 'days') return new Date(createdAt.getTime() + window.days * 86_400_000);
  const local = new Date(createdAt.getTime() + SHANGHAI_MS);
  const nextMonth = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1);
  return new Date(nextMonth - SHANGHAI_MS);
}

/** The state an order shows at `now`. */
export function orderViewState(
  order: { state: string; expiresAt: Date | string | null },
  now: Date,
): ScanOrderViewState {
  const state = order.state as ScanOrderState;
  if (state !== 'open') return state;
  const exp = order.expiresAt === null ? null : new Date(order.expiresAt).getTime();
  return exp !== null && exp <= now.getTime() ? 'expired' : 'open';
}

/**
 * An order's amount: the sum of its lines' tax-inclusive amounts in fen, exact (bigint), or null when a line is
 * not positive or the sum is beyond what an invoice carries.
 */
export function orderAmountFen(lines: readonly { amountFen: number }[]): number | null {
  if (!lines.length) return null;
  let sum = 0n;
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amountFen) || l.amountFen <= 0) return null;
    sum += fenToBig(l.amountFen);
  }
  return sum > BigInt(MAX_AMOUNT_FEN) ? null : bigToFen(sum);
}

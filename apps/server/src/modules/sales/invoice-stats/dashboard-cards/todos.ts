import type { TodoItem } from '@fpy/contracts';
import { invoices, redLetterForms } from '@fpy/db';
import { and, asc, count, eq, inArray, min, sql } from 'drizzle-orm';
import { scoped, tenantCondition } from '../../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { type DashboardCardBody, holds } from '../../../platform/base/index.ts';

const HOUR_MS = 3_600_000;
/** A form whose 72-hour window closes within a day is urgent: it voids itself at the deadline (§6.1). */
const URGENT_MS = 24 * HOUR_MS;
const ENTRIES = 5;

/** Who may handle each to-do: the page's menu code (the same code its routes check). */
export const TODO_CODES = {
  pendingReview: 'preopenAuditManager',
  failed: 'stayOpenList',
  redForms: 'invoiceDetails',
  // Whoever issues: directly, or by applying (预开 companies have no invoiceOpener page, spec §4).
  credit: ['invoiceOpener', 'preopenApplication'],
} as const;

/** 预开申请 waiting for finance, and issues the bureau refused: one pass over invoices (tenant_id, status, …). */
async function invoiceTodos(ctx: AuthedCtx): Promise<TodoItem[]> {
  const want = {
    pendingReview: holds(ctx, TODO_CODES.pendingReview),
    failed: holds(ctx, TODO_CODES.failed),
  };
  if (!want.pendingReview && !want.failed) return [];
  const [r] = await ctx.db
    .select({
      review: sql<number>`count(*) filter (where ${invoices.status} = 'pending_review')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${invoices.status} = 'failed')`.mapWith(Number),
    })
    .from(invoices)
    .where(scoped(ctx, invoices).where(inArray(invoices.status, ['pending_review', 'failed'])));
  const items: TodoItem[] = [];
  if (want.pendingReview)
    items.push({
      key: 'pendingReview',
      unit: 'count',
      value: r.review,
      tone: r.review ? 'warning' : 'normal',
      link: { path: '/outputInvoiceManager/preopenAuditManager' },
    });
  if (want.failed)
    items.push({
      key: 'failed',
      unit: 'count',
      value: r.failed,
      tone: r.failed ? 'danger' : 'normal',
      link: { path: '/outputInvoiceManager/stayOpenList', query: { statuses: 'failed' } },
    });
  return items;
}

/**
 * 红字确认单 in their 72-hour window (§6.1): those the buyer opened wait for our confirmation; those we opened wait
 * for the buyer. Both void themselves at the deadline, so the nearest deadline is shown. Index (tenant_id, state).
 */
async function redFormTodos(ctx: AuthedCtx, now: number): Promise<TodoItem[]> {
  if (!holds(ctx, TODO_CODES.redForms)) return [];
  const scope = tenantCondition(ctx, redLetterForms.tenantId);
  const states = ['pending_seller', 'pending_buyer'] as const;
  const [counts, entries] = await Promise.all([
    ctx.db
      .select({ state: redLetterForms.state, n: count(), deadline: min(redLetterForms.deadline) })
      .from(redLetterForms)
      .where(and(scope, inArray(redLetterForms.state, [...states])))
      .groupBy(redLetterForms.state),
    Promise.all(
      states.map((state) =>
        ctx.db
          .select({
            formNo: redLetterForms.formNo,
            blueNumber: redLetterForms.blueNumber,
            deadline: redLetterForms.deadline,
          })
          .from(redLetterForms)
          .where(and(scope, eq(redLetterForms.state, state)))
          .orderBy(asc(redLetterForms.deadline), asc(redLetterForms.id))
          .limit(ENTRIES),
      ),
    ),
  ]);
  return states.map((state, i): TodoItem => {
    const c = counts.find((r) => r.state === state);
    const deadline = c?.deadline ?? null;
    const urgent = deadline !== null && deadline.getTime() - now < URGENT_MS;
    return {
      key: state === 'pending_seller' ? 'redFormsToConfirm' : 'redFormsAwaitingBuyer',
      unit: 'count',
      value: c?.n ?? 0,
      tone: !c?.n ? 'normal' : urgent ? 'danger' : 'warning',
      deadline: deadline?.toISOString() ?? null,
      entries: entries[i].map((e) => ({
        label: e.formNo ?? e.blueNumber,
        deadline: e.deadline?.toISOString() ?? null,
      })),
      link: { path: '/outputInvoiceManager/invoiceDetails', query: { state } },
    };
  });
}

/** 授信额度 left this month (§11.1): issuing stops when it runs out, so under 30% is a warning, under 10% danger. */
async function creditTodo(ctx: AuthedCtx): Promise<TodoItem[]> {
  if (!holds(ctx, TODO_CODES.credit) || ctx.actor.tenantId === null) return [];
  const line = await ctx.taxGatewayFor(ctx.db).creditLine(ctx.actor.tenantId);
  const share = line.monthlyLimitFen ? line.remainingFen / line.monthlyLimitFen : 0;
  return [
    {
      key: 'creditLeft',
      unit: 'fen',
      value: line.remainingFen,
      tone: share < 0.1 ? 'danger' : share < 0.3 ? 'warning' : 'normal',
    },
  ];
}

/** The sales area's to-dos for a company user; each item only for who may handle it (null: nothing to show). */
export async function salesTodosCard(ctx: AuthedCtx, now = Date.now()): Promise<DashboardCardBody | null> {
  const parts = await Promise.all([invoiceTodos(ctx), redFormTodos(ctx, now), creditTodo(ctx)]);
  const items = parts.flat();
  return items.length ? { kind: 'todos', items } : null;
}

import { type Db, invoiceRequests, type RequestLine } from '@fpy/db';
import type { BuyerTitle, RequestSource } from '@fpy/domain';
import type { JobQueue } from '../../../jobs/queue.ts';
import { type AuditCtx, emitAudit } from '../../../lib/write/index.ts';
import { newShortCode } from '../../delivery/short-links/index.ts';
import { addTask, kickTask } from '../../platform/outbox/index.ts';
import { ISSUE_REQUEST_KIND } from './issue-task.ts';

export interface SubmitRequestInput {
  tenantId: number;
  source: RequestSource;
  /** The order's or the board's id. */
  sourceId: number;
  /** Tax-inclusive, integer fen: the sum of the lines (the caller's own figure, never the buyer's). */
  amountFen: number;
  invoiceType: string;
  lines: readonly RequestLine[];
  /** Normalised and checked by the caller (@fpy/domain normalizeBuyerTitle, checkBuyerTitle). */
  title: BuyerTitle;
  /** The tenant's rule said no review is needed: the request is approved and handed to issuing. */
  autoApprove: boolean;
}

export interface SubmittedRequest {
  id: number;
  token: string;
  state: 'pending' | 'approved';
  /** The issue task (auto-approved); kick it after the commit with afterSubmit. */
  taskId: number | null;
  record: typeof invoiceRequests.$inferSelect;
}

/**
 * A buyer's ask, inside the source's own transaction (the order's claim, the board's checks commit with it).
 * Pending waits for the seller (invoiceApply); auto-approved adds the outbox task that issues it through
 * sales/invoicing after the commit — call `afterSubmit(ctx, result)` then (the outbox sweep would find it too).
 */
export async function submitRequest(
  tx: Db,
  ctx: AuditCtx,
  input: SubmitRequestInput,
): Promise<SubmittedRequest> {
  const state = input.autoApprove ? 'approved' : 'pending';
  const t = input.title;
  const [row] = await tx
    .insert(invoiceRequests)
    .values({
      tenantId: input.tenantId,
      source: input.source,
      sourceId: input.sourceId,
      token: newShortCode(16),
      invoiceType: input.invoiceType,
      title: t,
      buyerName: t.name,
      buyerTaxNumber: t.taxNumber ?? null,
      email: t.email ?? null,
      mobile: t.mobile ?? null,
      amountFen: input.amountFen,
      lines: [...input.lines],
      state,
      reviewedByName: input.autoApprove ? '自动审核' : null,
      reviewedAt: input.autoApprove ? new Date() : null,
    })
    .returning();
  const taskId = input.autoApprove
    ? await addTask(tx, {
        kind: ISSUE_REQUEST_KIND,
        ref: row.id,
        tenantId: row.tenantId,
        payload: { requestId: row.id },
      })
    : null;
  await emitAudit(tx, ctx, {
    tenantId: row.tenantId,
    resource: 'invoice_requests',
    recordId: row.id,
    action: 'submit',
    changes: { source: row.source, sourceId: row.sourceId, amountFen: row.amountFen, state },
  });
  return { id: row.id, token: row.token, state, taskId, record: row };
}

/** After the submitting transaction committed: start issuing an auto-approved request now. */
export async function afterSubmit(ctx: { jobs: JobQueue }, submitted: Pick<SubmittedRequest, 'taskId'>) {
  if (submitted.taskId) await kickTask(ctx.jobs, submitted.taskId, 0, ISSUE_REQUEST_KIND);
}

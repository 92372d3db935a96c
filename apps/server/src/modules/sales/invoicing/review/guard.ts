import { labelText, invoiceStatusText } from '@fpy/contracts';
import type { Db, invoices } from '@fpy/db';
import { businessError } from '../../../../lib/errors.ts';
import { loadInvoice } from '../load.ts';
import { isStateChanged } from '../transition.ts';
import { lastReviewer } from './rounds.ts';

type Invoice = typeof invoices.$inferSelect;

/**
 * Refuses an invoice that is no longer waiting for review, saying who decided it when someone did — the usual
 * case is two reviewers working the same list.
 */
export async function assertPendingReview(db: Db, inv: Invoice) {
  if (inv.status === 'pending_review') return;
  const last = await lastReviewer(db, inv.id);
  if (last) {
    const verb = last.toStatus === 'ready' ? '审核通过' : last.toStatus === 'draft' ? '驳回' : '作废';
    throw businessError('REVIEW_ALREADY_DONE', {
      actor: last.actorName ?? labelText('他人'),
      verb: labelText(verb),
      status: invoiceStatusText(inv.status),
    });
  }
  throw businessError('REVIEW_NOT_PENDING', { status: invoiceStatusText(inv.status) });
}

/**
 * The conditional UPDATE lost a race (another reviewer moved the invoice between our read and our write):
 * re-read it and explain like assertPendingReview does. Any other error passes through.
 */
export async function explainLostRace(db: Db, tenantId: number, id: number, err: unknown): Promise<never> {
  if (!isStateChanged(err)) throw err;
  await assertPendingReview(db, await loadInvoice(db, tenantId, id));
  throw err;
}

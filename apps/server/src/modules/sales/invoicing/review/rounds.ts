import type { ReviewDecision, ReviewRound } from '@fpy/contracts';
import { type Db, invoiceEvents } from '@fpy/db';
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';

type Event = typeof invoiceEvents.$inferSelect;

const DECISION_OF: Record<string, ReviewDecision> = {
  ready: 'approved',
  draft: 'rejected',
  void: 'voided',
};

/**
 * Rounds of review from an invoice's events (in id order): a move into pending_review opens a round, the move
 * out of it closes the round with its reviewer and decision. The events are the only record, so the history
 * can never disagree with the audit trail.
 */
export function roundsOf(events: Pick<Event, 'fromStatus' | 'toStatus' | 'actorName' | 'reason' | 'at'>[]) {
  const rounds: ReviewRound[] = [];
  for (const e of events) {
    if (e.toStatus === 'pending_review')
      rounds.push({
        applicantName: e.actorName,
        appliedAt: e.at.toISOString(),
        reviewerName: null,
        reviewedAt: null,
        decision: 'pending',
        reason: null,
      });
    else if (e.fromStatus === 'pending_review' && rounds.length) {
      const r = rounds[rounds.length - 1];
      r.reviewerName = e.actorName;
      r.reviewedAt = e.at.toISOString();
      r.decision = DECISION_OF[e.toStatus] ?? 'voided';
      r.reason = e.reason;
    }
  }
  return rounds;
}

/** The review-related events of several invoices, grouped per invoice in order. */
export async function reviewEventsOf(db: Db, invoiceIds: number[]) {
  const byInvoice = new Map<number, Event[]>();
  if (!invoiceIds.length) return byInvoice;
  const rows = await db
    .select()
    .from(invoiceEvents)
    .where(
      and(
        inArray(invoiceEvents.invoiceId, invoiceIds),
        or(eq(invoiceEvents.toStatus, 'pending_review'), eq(invoiceEvents.fromStatus, 'pending_review')),
      ),
    )
    .orderBy(asc(invoiceEvents.id));
  for (const e of rows) {
    const list = byInvoice.get(e.invoiceId) ?? [];
    list.push(e);
    byInvoice.set(e.invoiceId, list);
  }
  return byInvoice;
}

/** Who put the invoice into pending_review last: the applicant of the current round. */
export async function currentApplicant(db: Db, invoiceId: number) {
  const [e] = await db
    .select({ actorId: invoiceEvents.actorId, actorName: invoiceEvents.actorName })
    .from(invoiceEvents)
    .where(and(eq(invoiceEvents.invoiceId, invoiceId), eq(invoiceEvents.toStatus, 'pending_review')))
    .orderBy(desc(invoiceEvents.id))
    .limit(1);
  return e ?? null;
}

/** Who took the invoice out of pending_review last (to explain "already reviewed by someone else"). */
export async function lastReviewer(db: Db, invoiceId: number) {
  const [e] = await db
    .select({ actorName: invoiceEvents.actorName, toStatus: invoiceEvents.toStatus })
    .from(invoiceEvents)
    .where(and(eq(invoiceEvents.invoiceId, invoiceId), eq(invoiceEvents.fromStatus, 'pending_review')))
    .orderBy(desc(invoiceEvents.id))
    .limit(1);
  return e ?? null;
}

import { formatMessage } from '@fpy/contracts';
import { deliveries } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { ProviderError, TriedAccount } from '../../../gateways/messaging/gateway.ts';
import type { Tx } from '../../../lib/write/index.ts';
import type { OutboxTask, Settled } from '../../platform/outbox/index.ts';
import { FailoverExhausted } from '../providers/index.ts';
import { type Delivery, recordEvent } from './records.ts';

/** What a send attempt hands the outbox beside its outcome, for the record's side of the settle. */
export interface SendDetail {
  d: Delivery;
  /** A control's refusal ends the record 'skipped'; every other end not accepted is 'failed' (or 'dead'). */
  status?: 'failed' | 'skipped';
  providerId: number | null;
  tried: TriedAccount[];
}

/** What a refusal says about the accounts it tried: the gateway's list, else the one account (or none). */
export function triedOf(error: ProviderError): TriedAccount[] {
  if (error instanceof FailoverExhausted && error.tried.length) return [...error.tried];
  if (error.providerId === null) return [];
  return [
    {
      providerId: error.providerId,
      providerKind: null,
      code: error.code,
      message: error.message.slice(0, 500),
    },
  ];
}

/**
 * Ends a delivery that no provider accepted: status, code and reason on the record, and the event, together.
 * A provider that refused it is on the record too (its statistics count it), with every account tried.
 */
async function finish(
  tx: Tx,
  d: Delivery,
  status: string,
  code: string,
  message: string,
  detail: SendDetail,
) {
  const now = new Date();
  const last = detail.tried.findLast((a) => a.providerId === detail.providerId);
  const moved = await tx
    .update(deliveries)
    .set({
      status,
      errorCode: code,
      errorMessage: message.slice(0, 500),
      failedAt: now,
      updatedAt: now,
      nextAttemptAt: null,
      ...(detail.providerId !== null
        ? { providerId: detail.providerId, providerKind: last?.providerKind ?? null }
        : {}),
      tried: detail.tried.length ? detail.tried : null,
    })
    .where(and(eq(deliveries.id, d.id), eq(deliveries.status, 'sending')))
    .returning({ id: deliveries.id });
  if (moved.length)
    await recordEvent(tx, d, status, { code, message: message.slice(0, 500), providerId: detail.providerId });
}

/**
 * Waits before the next attempt: the record reads 等待重试 with the last reason, the accounts tried and when the
 * next attempt is due (the outbox's next_at: a delayed job for short waits, its sweep for long ones).
 */
async function waitRetry(tx: Tx, d: Delivery, at: Date, code: string, message: string, detail: SendDetail) {
  const rows = await tx
    .update(deliveries)
    .set({
      status: 'retrying',
      errorCode: code,
      errorMessage: message.slice(0, 500),
      nextAttemptAt: at,
      tried: detail.tried.length ? detail.tried : null,
      ...(detail.providerId !== null ? { providerId: detail.providerId } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(deliveries.id, d.id), eq(deliveries.status, 'sending')))
    .returning({ id: deliveries.id });
  if (rows.length)
    await recordEvent(tx, d, 'retry', {
      code,
      message: message.slice(0, 500),
      providerId: detail.providerId,
    });
}

/**
 * The record's side of the outbox's settle, in the same transaction that moves the task: failed (a refusal,
 * a control, the quota), dead (多次重试失败, the dead letter, with the attempts and the last reason) or retrying.
 * Accepted records were written by the attempt itself (done). A handler that threw hands no detail: the record
 * is read here.
 */
export async function settleDelivery(tx: Tx, task: OutboxTask, settled: Settled) {
  if (settled.state === 'done') return;
  let detail = settled.detail as SendDetail | undefined;
  if (!detail) {
    const id = (task.payload as { deliveryId: number }).deliveryId;
    const [d] = await tx.select().from(deliveries).where(eq(deliveries.id, id));
    if (!d) return;
    detail = { d, providerId: null, tried: [] };
  }
  const { d } = detail;
  if (settled.state === 'pending')
    return waitRetry(tx, d, settled.nextAt, settled.code, settled.message, detail);
  if (settled.state === 'failed')
    return finish(tx, d, detail.status ?? 'failed', settled.code, settled.message, detail);
  const reason = `${settled.code} ${settled.message}`.trim();
  const message = formatMessage('DELIVERY_DEAD', { attempts: d.attempts, reason }, 'zh');
  return finish(tx, d, 'dead', settled.code, message, detail);
}

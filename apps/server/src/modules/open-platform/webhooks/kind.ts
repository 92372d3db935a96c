import { type Db, openApps, openWebhookAttempts, openWebhookDeliveries, openWebhookEvents } from '@fpy/db';
import { DEFAULT_RETRY_POLICY } from '@fpy/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Services } from '../../../http/context.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import type { Tx } from '../../../lib/write/index.ts';
import type { Outcome, OutboxPolicy, OutboxTask, Settled } from '../../platform/outbox/index.ts';
import { postWebhook, signedHeaders } from './send.ts';

/**
 * Retries: exponential backoff with jitter from 15 s, at most 1 h apart, for 24 h from the event (or from a manual
 * redelivery), then the dead letter. Every wait is the outbox sweep's (30 s ticks, from next_at), never a delayed
 * queue job: a receiver that is down for a day must not keep a job waiting in the queue (a drained queue is how
 * the server and its tests know the work in hand is done). Mutable: tests drive hours through `now`.
 */
export const webhookPolicy: OutboxPolicy = {
  ...DEFAULT_RETRY_POLICY,
  baseMs: 15_000,
  maxDelayMs: 3_600_000,
  horizonMs: 24 * 3_600_000,
  maxAttempts: 0,
  queueDelayMaxMs: 0,
  now: () => new Date(),
  random: Math.random,
};

/** What one attempt hands the settle: the log line to write with the delivery's new state. */
interface AttemptDetail {
  attempt: typeof openWebhookAttempts.$inferInsert;
  status: number | null;
}

const IN_FLIGHT = ['pending', 'retrying'];

/**
 * Names that can never resolve (RFC 2606 / 6761: example, invalid, test): refused for good at once instead of a
 * day of retries — the demo's apps call back at such names.
 */
export function unroutable(url: string): boolean {
  try {
    return /\.(example|invalid|test)\.?$/i.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

const deliveryIdOf = (task: OutboxTask) => (task.payload as { deliveryId: number }).deliveryId;

/**
 * One attempt of a delivery (the outbox has claimed its task): the app must still be enabled and still call back
 * at the delivery's URL — automatic retries never follow a changed callback URL (a manual redelivery readdresses
 * it) — then the body is signed with the app's secret (decrypted here, never logged) and posted through the
 * outbound guard. 2xx → done; a refused address → failed; anything else → retry (the outbox's backoff, then dead).
 */
export async function runDelivery(services: Services, task: OutboxTask, boxes: SecretBox): Promise<Outcome> {
  const db = services.db;
  const id = deliveryIdOf(task);
  const [d] = await db.select().from(openWebhookDeliveries).where(eq(openWebhookDeliveries.id, id));
  if (!d || !IN_FLIGHT.includes(d.state)) return { state: 'done' };
  // A refusal before any request is logged too (no headers, no body): the log says why nothing was sent.
  const refuse = (code: string, message: string): Outcome => ({
    state: 'failed',
    code,
    message,
    detail: {
      status: null,
      attempt: {
        deliveryId: d.id,
        tenantId: d.tenantId,
        n: d.attempts + 1,
        url: d.url,
        requestHeaders: {},
        requestBody: '',
        errorCode: code,
        errorMessage: message,
        latencyMs: 0,
        startedAt: new Date(),
      },
    } satisfies AttemptDetail,
  });
  const [app] = await db.select().from(openApps).where(eq(openApps.id, d.appId));
  if (app?.state !== 'enabled') return refuse('WEBHOOK_APP_DISABLED', '应用不存在或已停用');
  if (!app.callbackUrl) return refuse('WEBHOOK_NO_CALLBACK', '应用已没有回调地址');
  if (unroutable(d.url))
    return refuse('WEBHOOK_UNROUTABLE', '回调地址使用保留域名（.example / .invalid / .test），无法送达');
  if (app.callbackUrl !== d.url)
    return refuse(
      'WEBHOOK_DESTINATION_CHANGED',
      '应用的回调地址已变更：请在投递记录中重新投递（投往新地址）',
    );
  const [ev] = await db.select().from(openWebhookEvents).where(eq(openWebhookEvents.eventId, d.eventId));
  if (!ev) return refuse('WEBHOOK_EVENT_MISSING', '事件不存在');
  let secret: string;
  try {
    secret = boxes.open(app.secretCipher);
  } catch {
    return refuse('WEBHOOK_SECRET_UNREADABLE', '应用密钥无法解密（OPEN_SECRET_KEY 已更换？）');
  }
  const startedAt = new Date();
  const headers = signedHeaders(
    secret,
    { eventId: ev.eventId, eventType: ev.type, deliveryId: d.id, body: ev.body },
    startedAt,
  );
  const result = await postWebhook(services.outbound, d.url, headers, ev.body);
  const detail: AttemptDetail = {
    status: result.status,
    attempt: {
      deliveryId: d.id,
      tenantId: d.tenantId,
      n: d.attempts + 1,
      url: d.url,
      requestHeaders: headers,
      requestBody: ev.body,
      responseStatus: result.status,
      responseBody: result.body,
      errorCode: result.ok ? null : result.code,
      errorMessage: result.ok ? null : result.message,
      latencyMs: result.latencyMs,
      // The first attempt of a round an operator started: redeliver moves `since` (written equal to createdAt,
      // both the inserting transaction's now()).
      manual: task.attempts === 1 && task.since.getTime() !== task.createdAt.getTime(),
      startedAt,
    },
  };
  if (result.ok) return { state: 'done', detail } as Outcome;
  if (result.code === 'OUTBOUND_BLOCKED' || result.code === 'WEBHOOK_BAD_URL')
    return { state: 'failed', code: result.code, message: result.message, detail };
  return { state: 'retry', code: result.code, message: result.message, detail };
}

/**
 * The delivery's side of the outbox's settle, in the transaction that moves the task: the attempt line and the
 * state — delivered, retrying (with the next time), failed or dead.
 */
export async function settleDelivery(tx: Tx, task: OutboxTask, settled: Settled) {
  const id = deliveryIdOf(task);
  const detail = (settled as { detail?: AttemptDetail }).detail;
  const [d] = await tx
    .select({ attempts: openWebhookDeliveries.attempts })
    .from(openWebhookDeliveries)
    .where(eq(openWebhookDeliveries.id, id));
  if (!d) return;
  if (detail) await tx.insert(openWebhookAttempts).values(detail.attempt);
  const now = new Date();
  const common = {
    // Every settle follows one run (a claim): a handler that threw left no detail but still made an attempt.
    attempts: d.attempts + 1,
    lastStatus: detail?.status ?? null,
    updatedAt: now,
  };
  const set =
    settled.state === 'done'
      ? { ...common, state: 'delivered', deliveredAt: now, nextAt: null, lastCode: null, lastError: null }
      : settled.state === 'pending'
        ? {
            ...common,
            state: 'retrying',
            nextAt: settled.nextAt,
            lastCode: settled.code,
            lastError: settled.message.slice(0, 500),
          }
        : {
            ...common,
            state: settled.state,
            nextAt: null,
            lastCode: settled.code,
            lastError: settled.message.slice(0, 500),
          };
  await tx
    .update(openWebhookDeliveries)
    .set(set)
    .where(and(eq(openWebhookDeliveries.id, id), inArray(openWebhookDeliveries.state, IN_FLIGHT)));
}

/**
 * 重新投递: a failed or dead delivery goes again, addressed to the app's CURRENT callback URL (the operator asked
 * for it, seeing the log), as long as the app is enabled and has one; refused otherwise (rolled back).
 */
export async function reopenDelivery(tx: Tx, task: OutboxTask): Promise<boolean> {
  const id = deliveryIdOf(task);
  const [row] = await tx
    .select({ url: openApps.callbackUrl, state: openApps.state })
    .from(openWebhookDeliveries)
    .innerJoin(openApps, eq(openApps.id, openWebhookDeliveries.appId))
    .where(eq(openWebhookDeliveries.id, id));
  if (!row?.url || row.state !== 'enabled') return false;
  const now = new Date();
  const moved = await tx
    .update(openWebhookDeliveries)
    .set({ state: 'pending', url: row.url, nextAt: now, updatedAt: now })
    .where(and(eq(openWebhookDeliveries.id, id), inArray(openWebhookDeliveries.state, ['failed', 'dead'])))
    .returning({ id: openWebhookDeliveries.id });
  return moved.length > 0;
}

/** Reads the delivery for a test or a page without importing the table. */
export const deliveryById = async (db: Db, id: number) =>
  (await db.select().from(openWebhookDeliveries).where(eq(openWebhookDeliveries.id, id)))[0];

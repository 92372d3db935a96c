import {
  type Db,
  openApps,
  openWebhookAttempts,
  openWebhookDeliveries,
  openWebhookEvents,
  tenants,
} from '@fpy/db';
import { eq, inArray } from 'drizzle-orm';
import { addTask } from '../../platform/outbox/index.ts';
import { DEMO_OPEN_APPS } from '../gateway/index.ts';
import { eventBody } from './events.ts';
import { sampleEvents, SAMPLE_SECRET } from './samples.ts';
import { signedHeaders } from './send.ts';
import { WEBHOOK_KIND } from './types.ts';

/** The demo's deliveries: what happened to each (and how many attempts it took). */
const PLAN: { state: 'delivered' | 'retrying' | 'failed' | 'dead'; attempts: number; hoursAgo: number }[] = [
  { state: 'delivered', attempts: 1, hoursAgo: 30 },
  { state: 'delivered', attempts: 1, hoursAgo: 20 },
  { state: 'delivered', attempts: 3, hoursAgo: 12 },
  { state: 'delivered', attempts: 1, hoursAgo: 6 },
  { state: 'failed', attempts: 1, hoursAgo: 5 },
  { state: 'retrying', attempts: 4, hoursAgo: 2 },
  { state: 'delivered', attempts: 1, hoursAgo: 1 },
  { state: 'dead', attempts: 12, hoursAgo: 26 },
];

/**
 * Demo webhook deliveries (issue 32 §5): a few delivered, one refused, one still retrying and one in the dead
 * letter, with their attempts, for the demo company's seeded app (DEMO_OPEN_APPS.own). Written once: fixed
 * event ids, inserts that skip what exists (two instances starting together write it once). Their outbox tasks
 * are written in their end states so 重新投递 works on the refused and the dead one.
 */
export async function seedDemoWebhooks(db: Db) {
  // Only the demo company's seeded app (the gateway's demo seed): a real installation's apps never get demo rows.
  const [app] = await db
    .select()
    .from(openApps)
    .where(eq(openApps.appKey, DEMO_OPEN_APPS.own.appKey))
    .limit(1);
  if (!app?.tenantId || !app.callbackUrl) return;
  const ids = PLAN.map((_, i) => `evt_de${'0'.repeat(29)}${i + 1}`);
  const have = await db
    .select({ id: openWebhookEvents.id })
    .from(openWebhookEvents)
    .where(inArray(openWebhookEvents.eventId, ids));
  if (have.length) return;
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, app.tenantId));
  const samples = sampleEvents();
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (const [i, p] of PLAN.entries()) {
      const sample = samples[i % samples.length];
      const at = new Date(now - p.hoursAgo * 3_600_000);
      const data = (JSON.parse(sample.body) as { data: Record<string, unknown> }).data;
      const body = eventBody(
        {
          eventId: ids[i],
          type: sample.type,
          occurredAt: at,
          tenantId: app.tenantId!,
          taxNo: tenant?.creditCode ?? null,
        },
        data,
      );
      const inserted = await tx
        .insert(openWebhookEvents)
        .values({
          eventId: ids[i],
          type: sample.type,
          tenantId: app.tenantId!,
          subject: `invoice:demo-${i + 1}`,
          body,
          occurredAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: openWebhookEvents.id });
      if (!inserted.length) continue;
      const ok = p.state === 'delivered';
      const lastStatus = ok ? 200 : p.state === 'failed' ? null : 503;
      const [d] = await tx
        .insert(openWebhookDeliveries)
        .values({
          eventId: ids[i],
          eventType: sample.type,
          tenantId: app.tenantId!,
          appId: app.id,
          url: app.callbackUrl!,
          state: p.state,
          attempts: p.attempts,
          lastStatus,
          lastCode: ok ? null : p.state === 'failed' ? 'OUTBOUND_BLOCKED' : 'HTTP_503',
          lastError: ok ? null : p.state === 'failed' ? '回调地址指向内网地址，已拒绝' : 'HTTP 503',
          nextAt: p.state === 'retrying' ? new Date(now + 40 * 60_000) : null,
          deliveredAt: ok ? new Date(at.getTime() + p.attempts * 30_000) : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: openWebhookDeliveries.id });
      await tx.insert(openWebhookAttempts).values(
        Array.from({ length: Math.min(p.attempts, 6) }, (_, n) => {
          const last = n === Math.min(p.attempts, 6) - 1;
          const started = new Date(at.getTime() + n * 30_000);
          const status = ok && last ? 200 : p.state === 'failed' ? null : 503;
          return {
            deliveryId: d.id,
            tenantId: app.tenantId!,
            n: n + 1,
            url: app.callbackUrl!,
            // Signed with the samples' secret: the demo's attempts never used the app's real one.
            requestHeaders: signedHeaders(
              SAMPLE_SECRET,
              { eventId: ids[i], eventType: sample.type, deliveryId: d.id, body },
              started,
            ),
            requestBody: body,
            responseStatus: status,
            responseBody: status === 200 ? '{"received":true}' : status ? 'Service Unavailable' : null,
            errorCode: status === 200 ? null : status ? `HTTP_${status}` : 'OUTBOUND_BLOCKED',
            errorMessage: status === 200 ? null : status ? `HTTP ${status}` : '回调地址指向内网地址，已拒绝',
            latencyMs: status === 200 ? 42 + n * 7 : status ? 180 : 0,
            startedAt: started,
          };
        }),
      );
      // Its outbox task as the attempts left it (the dead letter is redeliverable from 任务管理 and the log).
      await addTask(tx, {
        kind: WEBHOOK_KIND,
        ref: d.id,
        tenantId: app.tenantId!,
        payload: { deliveryId: d.id },
        attempts: p.attempts,
        nextAt: p.state === 'retrying' ? new Date(now + 40 * 60_000) : at,
        since: at,
        ...(p.state === 'retrying'
          ? {}
          : {
              ended: {
                state: ok ? 'done' : (p.state as 'failed' | 'dead'),
                at,
                lastCode: ok ? null : p.state === 'failed' ? 'OUTBOUND_BLOCKED' : 'HTTP_503',
              },
            }),
      });
    }
  });
}

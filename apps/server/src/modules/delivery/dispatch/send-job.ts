import { formatMessage, SMS_LIMIT_NAMES } from '@fpy/contracts';
import { type Db, deliveries, deliveryEvents, invoices, shortLinks } from '@fpy/db';
import { and, eq, inArray, lte, or } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Services } from '../../../http/context.ts';
import { nextAttemptAt } from '@fpy/domain';
import { type Accepted, ProviderError, type TriedAccount } from '../../../gateways/messaging/gateway.ts';
import { FailoverExhausted } from '../providers/index.ts';
import { emailAttachments } from './attachments.ts';
import { deliveryVars, emailHtml, renderContent, smsUnits } from './content.ts';
import { checkSmsControls } from './controls.ts';
import { messagingOf } from './gateway.ts';
import { enqueueSend, sendPolicy } from './jobs.ts';
import { consumeSms, crossedWarning, refundSms } from './quota.ts';
import { type Delivery, recordEvent } from './records.ts';
import { loadDeliverySettings, loadSignName } from './settings.ts';
import { shortLinkUrl } from './short-links.ts';
import { pickTemplate } from './templates.ts';

type Ended = 'failed' | 'dead' | 'skipped';

/** What a refusal says about the accounts it tried: the gateway's list, else the one account (or none). */
function triedOf(error: ProviderError): TriedAccount[] {
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
  db: Db,
  d: Delivery,
  status: Ended,
  code: string,
  message: string,
  refusedBy: { providerId: number | null; tried: TriedAccount[] } = { providerId: null, tried: [] },
) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const now = new Date();
    const last = refusedBy.tried.findLast((a) => a.providerId === refusedBy.providerId);
    const moved = await tx
      .update(deliveries)
      .set({
        status,
        errorCode: code,
        errorMessage: message.slice(0, 500),
        failedAt: now,
        updatedAt: now,
        nextAttemptAt: null,
        ...(refusedBy.providerId !== null
          ? { providerId: refusedBy.providerId, providerKind: last?.providerKind ?? null }
          : {}),
        tried: refusedBy.tried.length ? refusedBy.tried : null,
      })
      .where(and(eq(deliveries.id, d.id), eq(deliveries.status, 'sending')))
      .returning({ id: deliveries.id });
    if (moved.length)
      await recordEvent(tx, d, status, {
        code,
        message: message.slice(0, 500),
        providerId: refusedBy.providerId,
      });
  });
}

/**
 * Waits before the next attempt: the record reads 等待重试 with the last reason, the accounts tried and when
 * the next attempt is due; short waits are a delayed job, long ones the retry sweep's (retry-sweep.ts).
 */
async function retryLater(
  services: Services,
  d: Delivery,
  error: ProviderError,
  tried: TriedAccount[],
  at: Date,
  now: Date,
) {
  const db = services.db;
  const moved = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const rows = await tx
      .update(deliveries)
      .set({
        status: 'retrying',
        errorCode: error.code,
        errorMessage: error.message.slice(0, 500),
        nextAttemptAt: at,
        tried: tried.length ? tried : null,
        ...(error.providerId !== null ? { providerId: error.providerId } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(deliveries.id, d.id), eq(deliveries.status, 'sending')))
      .returning({ id: deliveries.id });
    if (rows.length)
      await recordEvent(tx, d, 'retry', {
        code: error.code,
        message: error.message.slice(0, 500),
        providerId: error.providerId,
      });
    return rows.length > 0;
  });
  const wait = at.getTime() - now.getTime();
  if (moved && wait <= sendPolicy.queueDelayMaxMs) await enqueueSend(services.jobs, d.id, Math.max(0, wait));
}

/** The invoices a delivery carries: its link's list for a batch link, else its one invoice, in that order. */
async function invoicesOf(db: Db, d: Delivery) {
  let ids = [d.invoiceId];
  if (d.shortCode) {
    const [link] = await db
      .select({ invoiceIds: shortLinks.invoiceIds })
      .from(shortLinks)
      .where(eq(shortLinks.code, d.shortCode))
      .limit(1);
    if (link?.invoiceIds?.length) ids = link.invoiceIds;
  }
  const rows = await db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.id, ids), eq(invoices.tenantId, d.tenantId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}

/** Whether the SMS controls already let this delivery through on an earlier attempt (a retry is not re-counted). */
async function cleared(db: Db, d: Delivery) {
  const [row] = await db
    .select({ id: deliveryEvents.id })
    .from(deliveryEvents)
    .where(and(eq(deliveryEvents.deliveryId, d.id), eq(deliveryEvents.kind, 'cleared')))
    .limit(1);
  return !!row;
}

/** What one attempt ended with, when it did not end the delivery itself. */
type Outcome = { accepted: Accepted; units: number } | { error: ProviderError; refunded: boolean };

/**
 * One attempt of the `delivery.send` job. Claims the record (queued/sending, or retrying once its time has come →
 * sending, attempts + 1), renders its message, applies the SMS controls (first attempt only) and takes the quota,
 * then calls the gateway outside any transaction. Accepted → 'accepted' with the provider's message id (receipts
 * move it on). A provider's refusal that retrying cannot change → 'failed' with its code, message and provider.
 * A temporary failure → 'retrying' with the reason and the next attempt's time (sendPolicy: backoff with jitter
 * over hours), until the horizon is reached: then 'dead' with the reason, the dead letter. A record is never
 * 'accepted' unless a provider accepted it; SMS quota taken for a send that was not accepted is given back, and
 * only what a provider accepted is billed (deliveries.units).
 */
export async function runSend(services: Services, deliveryId: number): Promise<void> {
  const db = services.db;
  const now = sendPolicy.now();
  // A second of slack: a delayed job's timer may fire a hair before the time it was set for.
  const due = new Date(now.getTime() + 1000);
  const [d] = await db
    .update(deliveries)
    .set({ status: 'sending', attempts: sql`${deliveries.attempts} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(deliveries.id, deliveryId),
        or(
          inArray(deliveries.status, ['queued', 'sending']),
          and(eq(deliveries.status, 'retrying'), lte(deliveries.nextAttemptAt, due)),
        ),
      ),
    )
    .returning();
  if (!d) return; // gone, already ended (a job run twice), or its retry is not due yet
  let outcome: Outcome;
  try {
    const attempted = await attempt(services, d);
    if (!attempted) return; // ended by a control or the quota
    outcome = attempted;
  } catch (err) {
    const error =
      err instanceof ProviderError
        ? err
        : new ProviderError('DELIVERY_ERROR', err instanceof Error ? err.message : String(err), true);
    outcome = { error, refunded: false };
  }
  if ('accepted' in outcome) return void (await accept(db, d, outcome.accepted, outcome.units));
  const { error } = outcome;
  const tried = triedOf(error);
  if (!error.retryable)
    return finish(db, d, 'failed', error.code, error.message, { providerId: error.providerId, tried });
  const next = nextAttemptAt(
    sendPolicy,
    { requestedAt: d.createdAt, failedAttempts: d.attempts, now },
    sendPolicy.random,
  );
  if (!next) {
    const reason = `${error.code} ${error.message}`.trim();
    return finish(
      db,
      d,
      'dead',
      error.code,
      formatMessage('DELIVERY_DEAD', { attempts: d.attempts, reason }, 'zh'),
      {
        providerId: error.providerId,
        tried,
      },
    );
  }
  await retryLater(services, d, error, tried, next, now);
}

async function accept(db: Db, d: Delivery, accepted: Accepted, units: number) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const now = new Date();
    await tx
      .update(deliveries)
      .set({
        status: 'accepted',
        providerId: accepted.providerId,
        providerKind: accepted.providerKind,
        providerMessageId: accepted.providerMessageId,
        // Billed once, here: what the provider accepted (a refused message bills nothing).
        units,
        errorCode: null,
        errorMessage: null,
        nextAttemptAt: null,
        // The accounts that failed before this one (a company mailbox failing over to the platform's): the
        // record says who sent it and why.
        tried: accepted.tried?.length ? accepted.tried : null,
        acceptedAt: now,
        updatedAt: now,
      })
      .where(and(eq(deliveries.id, d.id), eq(deliveries.status, 'sending')));
    for (const t of accepted.tried ?? [])
      await recordEvent(tx, d, 'failover', { code: t.code, message: t.message, providerId: t.providerId });
    await recordEvent(tx, d, 'accepted', {
      code: accepted.providerKind,
      message: accepted.providerMessageId,
      providerId: accepted.providerId,
    });
  });
}

/** Renders, checks and sends; null when a control or the quota ended the delivery before any provider call. */
async function attempt(services: Services, d: Delivery): Promise<Outcome | null> {
  const db = services.db;
  const list = await invoicesOf(db, d);
  if (!list.length) {
    await finish(db, d, 'failed', 'NOT_FOUND', formatMessage('NOT_FOUND.invoice', undefined, 'zh'));
    return null;
  }
  const channel = d.channel === 'sms' ? 'sms' : 'email';
  const [settings, tpl] = await Promise.all([
    loadDeliverySettings(db, d.tenantId),
    pickTemplate(db, d.tenantId, channel),
  ]);
  const link = d.shortCode ? shortLinkUrl(services.config, d.shortCode) : '';
  const content = renderContent(tpl, deliveryVars(list, link));
  const gateway = messagingOf(services);
  const noProvider = () =>
    new ProviderError(
      'DELIVERY_NO_PROVIDER',
      formatMessage('DELIVERY_NO_PROVIDER', { channel: channel === 'sms' ? '短信' : '邮件' }, 'zh'),
      true,
    );

  if (channel === 'email') {
    const files = await emailAttachments(db, list, settings);
    await db
      .update(deliveries)
      .set({ subject: content.subject, body: content.body })
      .where(eq(deliveries.id, d.id));
    if (files.linkedInstead)
      await recordEvent(db, d, 'linked', {
        code: 'DELIVERY_ATTACHMENTS_LINKED',
        message: files.linkedInstead,
      });
    await recordEvent(db, d, 'attempt', { code: String(d.attempts) });
    if (!gateway) return { error: noProvider(), refunded: false };
    try {
      const accepted = await gateway.sendEmail(d.tenantId, {
        to: d.recipient,
        subject: content.subject ?? '',
        text: content.body,
        html: emailHtml(content.body, link),
        attachments: files.attachments,
      });
      return { accepted, units: 0 };
    } catch (err) {
      if (err instanceof ProviderError) return { error: err, refunded: false };
      throw err;
    }
  }

  const signName = tpl.signName ?? (await loadSignName(db, d.tenantId));
  const units = smsUnits(content.body, signName);
  if (!(await cleared(db, d))) {
    const refusal = await checkSmsControls(db, services.limiter, d.tenantId, d.recipient);
    if (refusal) {
      const limit =
        refusal.limit && refusal.n !== undefined
          ? SMS_LIMIT_NAMES[refusal.limit].zh.replace('{n}', String(refusal.n))
          : '';
      const message =
        refusal.code === 'SMS_BLACKLISTED'
          ? formatMessage('SMS_BLACKLISTED', undefined, 'zh')
          : formatMessage('SMS_RATE_LIMITED', { limit }, 'zh');
      await finish(db, d, 'skipped', refusal.code, message);
      return null;
    }
    await recordEvent(db, d, 'cleared');
  }
  // The segments are taken from the quota now, but billed on the record only when a provider accepts them.
  await db.update(deliveries).set({ subject: null, body: content.body }).where(eq(deliveries.id, d.id));
  await recordEvent(db, d, 'attempt', { code: String(d.attempts) });
  const consumed = await consumeSms(db, d.tenantId, units);
  if (!consumed) {
    await finish(
      db,
      d,
      'failed',
      'SMS_QUOTA_EXHAUSTED',
      formatMessage('SMS_QUOTA_EXHAUSTED', { units }, 'zh'),
    );
    return null;
  }
  if (crossedWarning(consumed, units))
    await recordEvent(db, d, 'low_balance', {
      code: 'SMS_LOW_BALANCE',
      message: formatMessage(
        'SMS_LOW_BALANCE',
        { balance: consumed.balance, warnBelow: consumed.warnBelow },
        'zh',
      ),
    });
  try {
    if (!gateway) throw noProvider();
    const accepted = await gateway.sendSms(d.tenantId, {
      mobile: d.recipient,
      text: content.body,
      templateCode: tpl.providerCode ?? undefined,
      templateParams: content.vars,
      signName,
    });
    // The provider's own count wins when it billed fewer segments than we took.
    const billed = accepted.units > 0 ? Math.min(accepted.units, units) : units;
    if (billed < units) await refundSms(db, d.tenantId, units - billed);
    return { accepted, units: billed };
  } catch (err) {
    // Not accepted: the quota goes back before the outcome is recorded.
    await refundSms(db, d.tenantId, units);
    if (err instanceof ProviderError) return { error: err, refunded: true };
    throw err;
  }
}

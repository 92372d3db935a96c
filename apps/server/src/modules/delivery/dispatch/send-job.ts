import { formatMessage, SMS_LIMIT_NAMES } from '@fpy/contracts';
import { type Db, deliveries, deliveryEvents, invoices, shortLinks } from '@fpy/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Services } from '../../../http/context.ts';
import { type Accepted, ProviderError } from '../../../gateways/messaging/gateway.ts';
import type { Outcome } from '../../platform/outbox/index.ts';
import { emailAttachments } from './attachments.ts';
import { deliveryVars, emailHtml, renderContent, smsUnits } from './content.ts';
import { checkSmsControls } from './controls.ts';
import { messagingOf } from './gateway.ts';
import { consumeSms, crossedWarning, refundSms } from './quota.ts';
import { type Delivery, recordEvent } from './records.ts';
import { type SendDetail, triedOf } from './settle.ts';
import { runAcceptedHooks } from './hooks.ts';
import { loadDeliverySettings, loadSignName } from './settings.ts';
import { shortLinkUrl } from './short-links.ts';
import { pickTemplate } from './templates.ts';
import { withTransaction } from '../../../lib/write/index.ts';

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
type Result = { accepted: Accepted; units: number } | { error: ProviderError; refunded: boolean };

/** A delivery that ended before any provider call (a control or the quota): the outcome says how. */
function ended(d: Delivery, status: 'failed' | 'skipped', code: string, message: string): Outcome {
  const detail: SendDetail = { d, status, providerId: null, tried: [] };
  return { state: 'failed', code, message, detail };
}

/**
 * One attempt of a `delivery.send` task, run by the outbox (platform/outbox), which has claimed the task under
 * a lease: this claims the record too (queued/sending/retrying → sending, attempts + 1), renders its message,
 * applies the SMS controls (first attempt only) and takes the quota, then calls the gateway outside any
 * transaction. Accepted → 'accepted' with the provider's message id, here (receipts move it on). Everything
 * else is an outcome the outbox settles: a refusal that retrying cannot change → failed; a temporary failure →
 * retry, after the outbox's backoff (sendPolicy, over hours) or, past the horizon, dead — settle.ts mirrors
 * each on the record in the transaction that moves the task. A record is never 'accepted' unless a provider
 * accepted it; SMS quota taken for a send that was not accepted is given back, and only what a provider
 * accepted is billed (deliveries.units).
 */
export async function runSend(services: Services, deliveryId: number): Promise<Outcome> {
  const db = services.db;
  const [d] = await db
    .update(deliveries)
    .set({ status: 'sending', attempts: sql`${deliveries.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(deliveries.id, deliveryId), inArray(deliveries.status, ['queued', 'sending', 'retrying'])))
    .returning();
  if (!d) return { state: 'done' }; // gone, or already ended (the outbox's claim keeps attempts apart)
  let result: Result | Outcome;
  try {
    result = await attempt(services, d);
  } catch (err) {
    const error =
      err instanceof ProviderError
        ? err
        : new ProviderError('DELIVERY_ERROR', err instanceof Error ? err.message : String(err), true);
    result = { error, refunded: false };
  }
  if ('state' in result) return result;
  if ('accepted' in result) {
    await accept(db, services.jobs, d, result.accepted, result.units);
    return { state: 'done' };
  }
  const { error } = result;
  const detail: SendDetail = { d, providerId: error.providerId, tried: triedOf(error) };
  return { state: error.retryable ? 'retry' : 'failed', code: error.code, message: error.message, detail };
}

async function accept(db: Db, jobs: Services['jobs'], d: Delivery, accepted: Accepted, units: number) {
  await withTransaction({ db }, async (tx) => {
    const now = new Date();
    const [moved] = await tx
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
      .where(and(eq(deliveries.id, d.id), eq(deliveries.status, 'sending')))
      .returning();
    if (moved) await runAcceptedHooks(tx, { jobs }, moved);
    for (const t of accepted.tried ?? [])
      await recordEvent(tx, d, 'failover', { code: t.code, message: t.message, providerId: t.providerId });
    await recordEvent(tx, d, 'accepted', {
      code: accepted.providerKind,
      message: accepted.providerMessageId,
      providerId: accepted.providerId,
    });
  });
}

/** Renders, checks and sends; an outcome of its own when a control or the quota ends it before any provider call. */
async function attempt(services: Services, d: Delivery): Promise<Result | Outcome> {
  const db = services.db;
  const list = await invoicesOf(db, d);
  if (!list.length) {
    return ended(d, 'failed', 'NOT_FOUND', formatMessage('NOT_FOUND.invoice', undefined, 'zh'));
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
      return ended(d, 'skipped', refusal.code, message);
    }
    await recordEvent(db, d, 'cleared');
  }
  // The segments are taken from the quota now, but billed on the record only when a provider accepts them.
  await db.update(deliveries).set({ subject: null, body: content.body }).where(eq(deliveries.id, d.id));
  await recordEvent(db, d, 'attempt', { code: String(d.attempts) });
  const consumed = await consumeSms(db, d.tenantId, units);
  if (!consumed)
    return ended(d, 'failed', 'SMS_QUOTA_EXHAUSTED', formatMessage('SMS_QUOTA_EXHAUSTED', { units }, 'zh'));
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

import { smsSegments } from '@fpy/domain';
import { deliveries, deliveryEvents, invoices, smsBalances, tenantParameters } from '@fpy/db';
import { asc, eq } from 'drizzle-orm';
import {
  type Accepted,
  type MessagingGateway,
  type OutboundEmail,
  type OutboundSms,
  ProviderError,
  type Receipt,
} from '../../src/gateways/messaging/gateway.ts';
import { bearer, type TestApp } from '../harness.ts';
import { api, invoiceBody } from '../sales/invoicing-helpers.ts';

/**
 * A stand-in MessagingGateway: records what it was asked to send and answers from a script (each call takes the
 * next step; an empty script accepts). The real providers are tested in their own module; these tests are
 * about what the pipeline does around the gateway.
 */
export class FakeGateway implements MessagingGateway {
  emails: { tenantId: number | null; msg: OutboundEmail }[] = [];
  sms: { tenantId: number | null; msg: OutboundSms }[] = [];
  calls = 0;
  script: (ProviderError | 'ok')[] = [];
  private seq = 0;

  private answer(units: number): Accepted {
    this.calls += 1;
    const next = this.script.shift();
    if (next instanceof ProviderError) throw next;
    this.seq += 1;
    return { providerId: 9001, providerKind: 'fake', providerMessageId: `fake-${this.seq}`, units };
  }
  async sendEmail(tenantId: number | null, msg: OutboundEmail) {
    const a = this.answer(0);
    this.emails.push({ tenantId, msg });
    return a;
  }
  async sendSms(tenantId: number | null, msg: OutboundSms) {
    const a = this.answer(smsSegments(msg.text));
    this.sms.push({ tenantId, msg });
    return a;
  }
  async pollReceipts(): Promise<Receipt[]> {
    return [];
  }
}

/** Puts the stand-in where the dispatcher reads the gateway (services.gateways.messaging), for this app. */
export function useFakeGateway(t: TestApp): FakeGateway {
  const g = new FakeGateway();
  t.services.gateways.messaging = g;
  return g;
}

export const DISPATCH = '/api/delivery/v1';

export function dispatchApi(t: TestApp, token: string) {
  const h = bearer(token);
  return {
    send: (invoiceId: number, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `${DISPATCH}/invoices/${invoiceId}/deliveries`,
        headers: { ...h, ...headers },
        payload,
      }),
    resend: (id: number, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `${DISPATCH}/deliveries/${id}/resend`, headers: h, payload }),
    list: (invoiceId: number) =>
      t.app.inject({ url: `${DISPATCH}/invoices/${invoiceId}/deliveries`, headers: h }),
    bulk: (payload: object) =>
      t.app.inject({ method: 'POST', url: `${DISPATCH}/deliveries/bulk`, headers: h, payload }),
    progress: (taskId: string) => t.app.inject({ url: `${DISPATCH}/deliveries/bulk/${taskId}`, headers: h }),
    batch: (payload: object) =>
      t.app.inject({ method: 'POST', url: `${DISPATCH}/deliveries/batch-sms-link`, headers: h, payload }),
  };
}

/** An issued invoice of the demo company with the buyer's contacts given (or none). */
export async function issueInvoice(
  t: TestApp,
  token: string,
  buyer: { email?: string; phone?: string; name?: string; taxNumber?: string } = {},
) {
  const c = api(t, token);
  const body = invoiceBody();
  const res = await c.create({ ...body, buyer: { ...body.buyer, ...buyer } });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  await t.services.jobs.drain();
  const [inv] = await t.services.db.select().from(invoices).where(eq(invoices.id, res.json().id));
  if (inv.status !== 'issued') throw new Error(`not issued: ${inv.status}`);
  return inv;
}

export const deliveriesOf = (t: TestApp, invoiceId: number) =>
  t.services.db
    .select()
    .from(deliveries)
    .where(eq(deliveries.invoiceId, invoiceId))
    .orderBy(asc(deliveries.id));

export const eventsOf = (t: TestApp, deliveryId: number) =>
  t.services.db
    .select()
    .from(deliveryEvents)
    .where(eq(deliveryEvents.deliveryId, deliveryId))
    .orderBy(asc(deliveryEvents.id));

export async function setBalance(t: TestApp, tenantId: number, balance: number, warnBelow = 100) {
  await t.services.db
    .insert(smsBalances)
    .values({ tenantId, balance, warnBelow })
    .onConflictDoUpdate({ target: smsBalances.tenantId, set: { balance, warnBelow, used: 0 } });
}

export async function setDeliverySettings(t: TestApp, tenantId: number, value: Record<string, unknown>) {
  await t.services.db
    .insert(tenantParameters)
    .values({ tenantId, key: 'delivery', value })
    .onConflictDoUpdate({ target: [tenantParameters.tenantId, tenantParameters.key], set: { value } });
}

export const retryable = (code = 'Throttling') =>
  new ProviderError(code, '服务商繁忙，请稍后再试', true, 9001);
export const refusal = (code = 'isv.SMS_SIGNATURE_ILLEGAL') =>
  new ProviderError(code, '短信签名不合法', false, 9001);

import type { DeliverySettings } from '@fpy/contracts';
import { type DeliveryChannel, recipientProblem } from '@fpy/domain';
import { invoices } from '@fpy/db';
import { inArray } from 'drizzle-orm';
import type { Services } from '../../../http/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { loadDeliverySettings } from './settings.ts';
import { buyerRecipient } from './recipients.ts';
import { requestDelivery } from './verbs/request-delivery.ts';

export interface IssuedPayload {
  tenantId: number;
  invoiceId: number;
}

/** The channels the tenant's settings send this invoice on automatically, given the buyer's addresses. */
export function autoChannels(inv: typeof invoices.$inferSelect, s: DeliverySettings): DeliveryChannel[] {
  if (inv.status !== 'issued' || !inv.number) return [];
  if (inv.colour === 'red' && !s.deliverRed) return [];
  const out: DeliveryChannel[] = [];
  for (const [channel, on] of [
    ['email', s.autoEmail],
    ['sms', s.autoSms],
  ] as const) {
    const to = on ? buyerRecipient(inv, channel) : null;
    if (to && !recipientProblem(channel, to)) out.push(channel);
  }
  return out;
}

/**
 * Auto-delivery after issuing (`delivery.auto`, enqueued by invoicing with every `invoice.issued`): for each
 * issued invoice whose buyer has an e-mail address / a mobile, and whose company's settings (zzsdzfp) send on
 * that channel — red invoices only with deliverRed — request the delivery (idempotent: a job run twice, or a
 * user's 交付 before it, finds the same record). Invoices come in batches (one read for up to 32), since a
 * burst of issuing brings one job per invoice.
 */
export async function runAutoDelivery(
  services: Services,
  batch: readonly IssuedPayload[],
): Promise<(Error | null)[]> {
  const rows = await services.db
    .select()
    .from(invoices)
    .where(
      inArray(
        invoices.id,
        batch.map((p) => p.invoiceId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const settings = new Map<number, DeliverySettings>();
  const out: (Error | null)[] = [];
  for (const p of batch) {
    const inv = byId.get(p.invoiceId);
    if (!inv || inv.tenantId !== p.tenantId) {
      out.push(null);
      continue;
    }
    let s = settings.get(inv.tenantId);
    if (!s) {
      s = await loadDeliverySettings(services.db, inv.tenantId);
      settings.set(inv.tenantId, s);
    }
    try {
      for (const channel of autoChannels(inv, s))
        await requestDelivery({
          ctx: { db: services.db, jobs: services.jobs, actor: null },
          input: { tenantId: inv.tenantId, invoiceId: inv.id, channel, trigger: 'auto' },
        });
      out.push(null);
    } catch (err) {
      // A refusal (the invoice changed meanwhile) will not change on retry; anything else is retried.
      out.push(err instanceof AppError && err.httpStatus < 500 ? null : (err as Error));
    }
  }
  return out;
}

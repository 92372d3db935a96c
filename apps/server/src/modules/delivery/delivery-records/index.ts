import { resendGivenUpDeliveries } from '@fpy/contracts';
import { deliveries, deliveryEvents, invoices, messageProviders } from '@fpy/db';
import {
  emailReceiptsMeta,
  emailRecordsMeta,
  exportQuery,
  RECEIPT_KIND_VALUES,
  smsReceiptsMeta,
  smsRecordsMeta,
} from '@fpy/resources';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { bindResource } from '../../../crud/bind.ts';
import { filterConditions } from '../../../crud/filters.ts';
import { registerResource } from '../../../crud/register.ts';
import { route } from '../../../http/route.ts';
import { badRequest } from '../../../lib/errors.ts';
import { resendGivenUp } from '../dispatch/index.ts';
import { tenantNameOf } from '../../../data/names.ts';
import type { ModuleDeps } from '../../../http/module.ts';
import { SANDBOX_NAME, SANDBOX_PROVIDER_ID } from '../providers/index.ts';

/** The account's name; the embedded sandbox (no row) by its own name, so no sent record shows a blank sender. */
const providerNameOf = (providerId: PgColumn): SQL<string | null> =>
  sql<
    string | null
  >`coalesce((select ${messageProviders.name} from ${messageProviders} where ${messageProviders.id} = ${providerId}),
    case when ${providerId} = ${SANDBOX_PROVIDER_ID} then ${SANDBOX_NAME} end)`;

/**
 * 发送记录: the deliveries of one channel with their invoice (a left join: a record stays listed even if its
 * invoice were gone), the company and the provider by name. Read-only; the dispatch pipeline writes them.
 */
const records = (meta: typeof smsRecordsMeta, channel: 'sms' | 'email') =>
  bindResource(meta, deliveries, {
    where: eq(deliveries.channel, channel),
    join: {
      table: invoices,
      on: eq(invoices.id, deliveries.invoiceId),
      columns: { invoiceNumber: invoices.number, buyerName: invoices.buyerName },
      left: true,
    },
    computed: {
      tenantName: tenantNameOf(deliveries.tenantId),
      providerName: providerNameOf(deliveries.providerId),
      failureKind: lastFailureKind,
      triedAccounts,
    },
  });

/** The kind of the reason a record shows now (its latest classified failure event), while it has one. */
const lastFailureKind = sql<string | null>`case when ${deliveries.errorCode} is null then null else (
  select e.failure_kind from ${deliveryEvents} e
  where e.delivery_id = ${deliveries.id} and e.failure_kind is not null
  order by e.id desc limit 1) end`;

/**
 * The accounts the last attempt tried before it ended (deliveries.tried), by name, each with its reason: on a
 * record the platform's account sent after the company mailbox failed, why the sender changed; on a given-up
 * record, every account and why each failed.
 */
const triedAccounts = sql<string | null>`(
  select string_agg(coalesce(p.name, case when (t.item->>'providerId')::int = ${SANDBOX_PROVIDER_ID} then ${SANDBOX_NAME} end, '#' || (t.item->>'providerId')) || '：' || (t.item->>'code')
    || coalesce(' ' || nullif(t.item->>'message', ''), ''), '；' order by t.n)
  from jsonb_array_elements(case when jsonb_typeof(${deliveries.tried}) = 'array' then ${deliveries.tried} else '[]'::jsonb end)
    with ordinality as t(item, n)
  left join ${messageProviders} p on p.id = (t.item->>'providerId')::int)`;

/** 状态报告: the receipts (delivered, failed, bounced) of one channel with the delivery they answer. */
const receipts = (meta: typeof smsReceiptsMeta, channel: 'sms' | 'email') =>
  bindResource(meta, deliveryEvents, {
    where: and(eq(deliveryEvents.channel, channel), inArray(deliveryEvents.kind, RECEIPT_KIND_VALUES)),
    join: {
      table: deliveries,
      on: eq(deliveries.id, deliveryEvents.deliveryId),
      columns: { recipient: deliveries.recipient },
      left: true,
    },
    computed: {
      tenantName: tenantNameOf(deliveryEvents.tenantId),
      invoiceNumber: sql<
        string | null
      >`(select ${invoices.number} from ${invoices} where ${invoices.id} = ${deliveries.invoiceId})`,
      providerName: providerNameOf(deliveryEvents.providerId),
    },
  });

export const deliveryRecordResources = [
  records(smsRecordsMeta, 'sms'),
  records(emailRecordsMeta, 'email'),
  receipts(smsReceiptsMeta, 'sms'),
  receipts(emailReceiptsMeta, 'email'),
];

/**
 * 批量重发 of a records page: the page's own filters, read by its list schema and turned into SQL by the same
 * ladder as the list (so "every given-up record the page shows" means exactly that), then the dispatch verb.
 */
function registerResendGivenUp(app: FastifyInstance) {
  const byChannel = {
    sms: { res: deliveryRecordResources[0], meta: smsRecordsMeta },
    email: { res: deliveryRecordResources[1], meta: emailRecordsMeta },
  };
  route(app, resendGivenUpDeliveries, async (ctx, { body }) => {
    const { res, meta } = byChannel[body.channel];
    const { status: _ignored, ...given } = body.filters ?? {};
    const parsed = exportQuery(meta).safeParse(given);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = `filters.${issue.path.join('.')}`;
      throw badRequest('VALIDATION_FAILED', { field, problem: issue.message }, { field });
    }
    return resendGivenUp({
      ctx,
      input: { channel: body.channel, statuses: body.statuses, where: filterConditions(res, parsed.data) },
    });
  });
}

/** 短信/邮件发送记录 and 状态报告 (issue 14 §3): filterable, exportable, scoped to the caller's company. */
export function registerDeliveryRecordsModule(app: FastifyInstance, _deps: ModuleDeps) {
  for (const r of deliveryRecordResources) registerResource(app, r);
  registerResendGivenUp(app);
}

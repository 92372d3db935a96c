import { deliveries, deliveryEvents, invoices, messageProviders } from '@fpy/db';
import {
  emailReceiptsMeta,
  emailRecordsMeta,
  RECEIPT_KIND_VALUES,
  smsReceiptsMeta,
  smsRecordsMeta,
} from '@fpy/resources';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { bindResource } from '../../../crud/bind.ts';
import { registerResource } from '../../../crud/register.ts';
import { tenantNameOf } from '../../../data/names.ts';
import type { ModuleDeps } from '../../module.ts';

const providerNameOf = (providerId: PgColumn): SQL<string | null> =>
  sql<
    string | null
  >`(select ${messageProviders.name} from ${messageProviders} where ${messageProviders.id} = ${providerId})`;

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
    },
  });

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

/** 短信/邮件发送记录 and 状态报告 (issue 14 §3): filterable, exportable, scoped to the caller's company. */
export function registerDeliveryRecordsModule(app: FastifyInstance, _deps: ModuleDeps) {
  for (const r of deliveryRecordResources) registerResource(app, r);
}

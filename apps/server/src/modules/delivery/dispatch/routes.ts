import {
  bulkSendDeliveries,
  getBulkDeliveryProgress,
  listInvoiceDeliveries,
  resendDelivery,
  sendBatchSmsLink,
  sendInvoiceDelivery,
} from '@fpy/contracts';
import { deliveries, invoices, shortLinks } from '@fpy/db';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../http/context.ts';
import { route } from '../../../http/route.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { toDeliveryRows } from './records.ts';
import { sendBatchSmsLink as batchVerb } from './verbs/batch-sms-link.ts';
import { bulkProgress } from './bulk-progress.ts';
import { startBulkSend } from './verbs/start-bulk-send.ts';
import { requestDelivery } from './verbs/request-delivery.ts';
import { resend } from './verbs/resend.ts';

/** Another company's (or an unknown) invoice answers as "the invoice does not exist". */
const invoiceNotFound = (err: unknown) => {
  throw err instanceof AppError && err.httpStatus === 404 ? notFound('NOT_FOUND.invoice') : err;
};

/** 交付 on 销项发票查询: routes stay thin, the verbs write, the send job talks to the providers. */
export function registerDispatchRoutes(app: FastifyInstance, services: Services) {
  const rowOf = async (ctx: { db: Services['db'] }, d: typeof deliveries.$inferSelect) =>
    (await toDeliveryRows(ctx.db, services.config, [d]))[0];

  route(app, sendInvoiceDelivery, async (ctx, { params, body }) => {
    const inv = await scoped(ctx, invoices).get(params.id).catch(invoiceNotFound);
    const { delivery, existing } = await requestDelivery({
      ctx,
      input: {
        tenantId: inv.tenantId,
        invoiceId: inv.id,
        channel: body.channel,
        recipient: body.recipient,
        trigger: 'manual',
      },
    });
    return { delivery: await rowOf(ctx, delivery), existing };
  });

  route(app, resendDelivery, async (ctx, { params, body }) =>
    rowOf(ctx, await resend({ ctx, input: { id: params.id, recipient: body.recipient } })),
  );

  route(app, bulkSendDeliveries, (ctx, { body }) => startBulkSend({ ctx, input: body }));
  route(app, getBulkDeliveryProgress, (ctx, { params }) => bulkProgress(ctx, params.taskId));
  route(app, sendBatchSmsLink, async (ctx, { body }) => rowOf(ctx, await batchVerb({ ctx, input: body })));

  route(app, listInvoiceDeliveries, async (ctx, { params }) => {
    const inv = await scoped(ctx, invoices).get(params.id).catch(invoiceNotFound);
    // Its own deliveries, and the batch links that include it (their record names the batch's first invoice).
    const batchCodes = ctx.db
      .select({ code: shortLinks.code })
      .from(shortLinks)
      .where(
        and(
          eq(shortLinks.tenantId, inv.tenantId),
          sql`${shortLinks.invoiceIds} @> ${JSON.stringify([inv.id])}::jsonb`,
        ),
      );
    const rows = await ctx.db
      .select()
      .from(deliveries)
      .where(
        and(
          eq(deliveries.tenantId, inv.tenantId),
          or(eq(deliveries.invoiceId, inv.id), inArray(deliveries.shortCode, batchCodes)),
        ),
      )
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(200);
    return { rows: await toDeliveryRows(ctx.db, services.config, rows) };
  });
}

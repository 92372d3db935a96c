import {
  approveApplications,
  getReviewInvoice,
  listPendingReview,
  listReviewRecords,
  rejectApplications,
} from '@fpy/contracts';
import { invoices } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scoped } from '../../../../data/tenant-scope.ts';
import type { Services } from '../../../../http/context.ts';
import { route } from '../../../../http/route.ts';
import { notFound } from '../../../../lib/errors.ts';
import { approve } from '../verbs/approve.ts';
import { reject } from '../verbs/reject.ts';
import { toDetail } from '../view.ts';
import { forEachApplication } from './bulk.ts';
import { appliedWhere, listPendingPage, listRecordsPage } from './queries.ts';

/** 预开审核 / 预开记录 (invoiceMethod 0): approve or reject pending_review invoices, and their history. */
export function registerReviewRoutes(app: FastifyInstance, _services: Services) {
  route(app, listPendingReview, (ctx, { query }) => listPendingPage(ctx, query));
  route(app, listReviewRecords, (ctx, { query }) => listRecordsPage(ctx, query));

  // Only invoices that went through review are visible here; anything else reads as not found.
  route(app, getReviewInvoice, async (ctx, { params }) => {
    const [inv] = await ctx.db
      .select()
      .from(invoices)
      .where(scoped(ctx, invoices).where(eq(invoices.id, params.id), appliedWhere({})))
      .limit(1);
    if (!inv) throw notFound('NOT_FOUND.application');
    return toDetail(ctx.db, inv);
  });

  route(app, approveApplications, (ctx, { body }) =>
    forEachApplication(ctx, body.ids, (id) => approve({ ctx, input: { id, note: body.note } })),
  );
  route(app, rejectApplications, (ctx, { body }) =>
    forEachApplication(ctx, body.ids, (id) => reject({ ctx, input: { id, reason: body.reason } })),
  );
}

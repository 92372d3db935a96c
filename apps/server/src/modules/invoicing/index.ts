import { createInvoice, getInvoice, listInvoices, retryInvoice } from '@fpy/contracts';
import { invoices } from '@fpy/db';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../http/context.ts';
import { route } from '../../http/route.ts';
import { taxGatewayFor } from '../tax-gateway/index.ts';
import { registerIssueJob } from './jobs.ts';
import { registerQueryRoutes } from './query/index.ts';
import { registerReviewRoutes } from './review/index.ts';
import { loadInvoice } from './load.ts';
import { getInvoiceDetail, listInvoicePage } from './queries.ts';
import { isStateChanged } from './transition.ts';
import { createDraft } from './verbs/create-draft.ts';
import { retry } from './verbs/retry.ts';
import { enqueueIssue, submitForIssue } from './verbs/submit-for-issue.ts';
import { toDetail } from './view.ts';

/** 发票开具 (issue 4 §2): routes stay thin, the verbs in verbs/ do the writes, the issue job talks to the bureau. */
export function registerInvoicingModule(app: FastifyInstance, services: Services) {
  registerIssueJob(services.db, services.jobs, taxGatewayFor);

  // The in-process queue forgets its jobs on restart: pick up every invoice still waiting for the bureau.
  // Issue is idempotent per attempt and settle only queries, so a resumed job never issues twice.
  app.addHook('onReady', async () => {
    const waiting = await services.db
      .select({ id: invoices.id, tenantId: invoices.tenantId })
      .from(invoices)
      .where(inArray(invoices.status, ['ready', 'issuing']));
    for (const inv of waiting) await enqueueIssue(services, inv);
  });

  route(app, createInvoice, async (ctx, { body, reply }) => {
    const { invoice, created } = await createDraft({ ctx, input: body });
    // A replay also finishes a submit that never happened (the first request died between the two verbs);
    // racing replays are settled by the conditional UPDATE, the losers read the winner's result.
    const current =
      body.submit && invoice.status === 'draft'
        ? await submitForIssue({ ctx, input: { id: invoice.id } }).catch(async (err) => {
            if (!isStateChanged(err)) throw err;
            return loadInvoice(ctx.db, invoice.tenantId, invoice.id);
          })
        : invoice;
    reply.code(created ? 201 : 200);
    return toDetail(ctx.db, current);
  });
  route(app, getInvoice, (ctx, { params }) => getInvoiceDetail(ctx, params.id));
  route(app, listInvoices, (ctx, { query }) => listInvoicePage(ctx, query));
  route(app, retryInvoice, async (ctx, { params }) => toDetail(ctx.db, await retry({ ctx, input: params })));
  registerReviewRoutes(app, services);
  registerQueryRoutes(app, services);
}

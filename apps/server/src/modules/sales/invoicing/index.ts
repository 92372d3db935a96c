import {
  createInvoice,
  discardInvoice,
  getInvoice,
  listInvoices,
  retryInvoice,
  submitInvoiceDraft,
  updateInvoiceDraft,
} from '@fpy/contracts';
import { invoices } from '@fpy/db';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { route } from '../../../http/route.ts';
import { AppError } from '../../../lib/errors.ts';
import { registerIssueJob } from './jobs.ts';
import { loadInvoice } from './load.ts';
import { getInvoiceDetail, listInvoicePage } from './queries.ts';
import { registerQueryRoutes } from './query/index.ts';
import { registerReviewRoutes } from './review/index.ts';
import { registerInvoicingSweeps } from './sweeps.ts';
import { isStateChanged } from './transition.ts';
import { createDraft } from './verbs/create-draft.ts';
import { discard } from './verbs/discard.ts';
import { retry } from './verbs/retry.ts';
import { enqueueIssue, submitForIssue } from './verbs/submit-for-issue.ts';
import { updateDraft } from './verbs/update-draft.ts';
import { toDetail } from './view.ts';

// The public face of 发票开具: what other modules may use. Everything else in this folder is private.
export { INVOICE_ISSUED_JOB, type InvoiceIssuedPayload } from './events.ts';
export {
  alsoEnqueueOnIssued,
  type InvoiceMove,
  type InvoiceMovedHook,
  onInvoiceMoved,
  onRedInvoiceIssued,
  type RedIssuedHook,
} from './hooks.ts';
/** Writes others ask for: invoicing is the one writer of invoices and invoice_lines (issue 29 §4). */
export { linkToBatch } from './batch-link.ts';
/** The demo seed's issuing without the queue and its dating of the demo rows. */
export { backdateDemoInvoice, issueAndSettleNow } from './demo-seed.ts';
export { insertRedDraft, type RedDraftHeader, type RedDraftLine } from './red-draft.ts';
export { issuingTenant } from './issuing-tenant.ts';
export { loadInvoice } from './load.ts';
export { type LoadOrRenderPdf, providePdfSource } from './query/pdf-provider.ts';
export { recompute } from './recompute.ts';
export { isStateChanged, recordEvent, recordOutsideEvent, transition } from './transition.ts';
export { createDraft } from './verbs/create-draft.ts';
/** The review verbs (预开审核), for the invoicer's phone (sales/preopen-phone): the console's very path. */
export { approve as approveApplication } from './verbs/approve.ts';
export { reject as rejectApplication } from './verbs/reject.ts';
export { retry as retryIssue } from './verbs/retry.ts';
export { enqueueIssue, submitForIssue } from './verbs/submit-for-issue.ts';
export { toDetail, toSummary } from './view.ts';

/** Someone else submitted the same draft first (a racing replay): read their result instead. */
const lostSubmitRace = (err: unknown) =>
  isStateChanged(err) || (err instanceof AppError && err.code === 'INVOICE_NOT_DRAFT');

/** 发票开具 (issue 4 §2): routes stay thin, the verbs in verbs/ do the writes, the issue job talks to the bureau. */
export function registerInvoicingModule(app: FastifyInstance, { services }: ModuleDeps) {
  registerIssueJob(services.jobsDb, services.jobs, services.taxGatewayFor);
  registerInvoicingSweeps(services, services.taxGatewayFor, app.log);

  // The in-process queue forgets its jobs on restart: pick up every invoice still waiting for the bureau.
  // Issue is idempotent per attempt and settle only queries, so a resumed job never issues twice.
  app.addHook('onReady', async () => {
    const waiting = await services.db
      .select({ id: invoices.id, tenantId: invoices.tenantId })
      .from(invoices)
      .where(inArray(invoices.status, ['ready', 'issuing']));
    // Asked for together, a slice at a time, so a queue on Redis adds them as packs (jobs/bull-packs.ts).
    for (let at = 0; at < waiting.length; at += 512)
      await Promise.all(waiting.slice(at, at + 512).map((inv) => enqueueIssue(services, inv)));
  });

  route(app, createInvoice, async (ctx, { body, reply }) => {
    const { invoice, created, lines, events } = await createDraft({ ctx, input: body, submit: body.submit });
    if (created) {
      if (invoice.status === 'ready') await enqueueIssue(ctx, invoice);
      reply.code(201);
      return toDetail(ctx.db, invoice, { lines, events });
    }
    // A replay of a serial first saved as a draft submits it now; racing replays are settled by the
    // conditional UPDATE, the losers read the winner's result.
    const current =
      body.submit && invoice.status === 'draft'
        ? await submitForIssue({ ctx, input: { id: invoice.id } }).catch(async (err) => {
            if (!lostSubmitRace(err)) throw err;
            return loadInvoice(ctx.db, invoice.tenantId, invoice.id);
          })
        : invoice;
    reply.code(200);
    return toDetail(ctx.db, current);
  });
  route(app, getInvoice, (ctx, { params }) => getInvoiceDetail(ctx, params.id));
  route(app, listInvoices, (ctx, { query }) => listInvoicePage(ctx, query));
  route(app, updateInvoiceDraft, async (ctx, { params, body }) =>
    toDetail(ctx.db, await updateDraft({ ctx, input: { id: params.id, body } })),
  );
  route(app, submitInvoiceDraft, async (ctx, { params }) =>
    toDetail(ctx.db, await submitForIssue({ ctx, input: params })),
  );
  route(app, discardInvoice, async (ctx, { params, body }) =>
    toDetail(ctx.db, await discard({ ctx, input: { id: params.id, reason: body.reason } })),
  );
  route(app, retryInvoice, async (ctx, { params }) => toDetail(ctx.db, await retry({ ctx, input: params })));
  registerReviewRoutes(app, services);
  registerQueryRoutes(app, services);
}

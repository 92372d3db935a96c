import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerOutboxKind } from '../../platform/outbox/index.ts';
import { alsoEnqueueOnIssued, type InvoiceIssuedPayload } from '../../sales/invoicing/index.ts';
import {
  ISSUE_REQUEST_KIND,
  REQUEST_SERIAL_PREFIX,
  issuePolicy,
  redeliverIssueTask,
  runIssueTask,
  settleIssueTask,
} from './issue-task.ts';
import { REQUEST_ISSUED_JOB, runRequestIssued } from './issued.ts';
import { registerRequestRoutes } from './routes.ts';

/**
 * 开票申请 (issue 30): every buyer's ask, from a scan order or a code board. What other modules use:
 * - `submitRequest(tx, ctx, input)` in the source's own transaction, then `afterSubmit(ctx, result)`;
 * - `onRequestSettled(source, hook)`: the source reacts to a rejection, an issue or a failure in the same
 *   transaction (scan-orders reopens or closes its order);
 * - `requestStatusByToken(db, token)`, `latestRequestOf(db, source, id)`, `buyerView(request)`: what the buyer sees.
 * Issuing is sales/invoicing's (createDraft with the client serial `ssr-<id>`, its issue queue), started by the
 * outbox kind `self-service.issue-request`; the end comes from invoicing's invoice.issued follow-up job.
 */
export { afterSubmit, type SubmitRequestInput, type SubmittedRequest, submitRequest } from './submit.ts';
export { onRequestSettled, type RequestRecord, type RequestSettledHook } from './hooks.ts';
export { buyerView, latestRequestOf, requestStatusByToken, requestWithOutcome } from './queries.ts';
export { approveRequests } from './verbs/approve.ts';
export { rejectRequests } from './verbs/reject.ts';
export { markIssued } from './issued.ts';
export { ISSUE_REQUEST_KIND } from './issue-task.ts';

export function registerInvoiceRequestsModule(app: FastifyInstance, { services }: ModuleDeps) {
  registerOutboxKind(app, services, {
    kind: ISSUE_REQUEST_KIND,
    policy: issuePolicy,
    run: (task) => runIssueTask(services, task),
    onSettled: settleIssueTask,
    mirrorsDone: false,
    onRedeliver: redeliverIssueTask,
  });
  alsoEnqueueOnIssued(REQUEST_ISSUED_JOB, (inv) => inv.clientSerial.startsWith(REQUEST_SERIAL_PREFIX));
  services.jobs.processBatch<InvoiceIssuedPayload>(
    REQUEST_ISSUED_JOB,
    async (items) => {
      await runRequestIssued(
        services,
        items.map((i) => i.payload),
      );
      return items.map(() => null);
    },
    { max: 32 },
  );
  registerRequestRoutes(app);
}

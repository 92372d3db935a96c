import type { Db } from '@fpy/db';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { TaxGateway } from '../../../gateways/tax-bureau/gateway.ts';
import { systemCtx } from '../../../http/verb-ctx.ts';
import { issueMany } from './verbs/issue-many.ts';
import { ISSUE_JOB } from './verbs/submit-for-issue.ts';

/** Invoices one run of the issue job takes at most: one bureau call and four statements for all of them. */
export const ISSUE_BATCH = 64;

/**
 * The issue job: submit (if not yet submitted) then settle, for every invoice due. A pending answer fails that
 * invoice's attempt so the queue retries it with backoff; each retry finds the requestId stored and only
 * queries.
 */
export function registerIssueJob(db: Db, jobs: JobQueue, gatewayFor: (db: Db) => TaxGateway) {
  jobs.processBatch<{ tenantId: number; invoiceId: number }>(
    ISSUE_JOB,
    (items) =>
      issueMany(
        systemCtx(db, jobs, gatewayFor(db)),
        items.map(({ payload: p }) => ({ tenantId: p.tenantId, id: p.invoiceId })),
      ),
    { max: ISSUE_BATCH },
  );
}

import type { Db } from '@fpy/db';
import type { JobQueue } from '../../jobs/queue.ts';
import type { TaxGateway } from '../tax-gateway/gateway.ts';
import { systemCtx } from './verb-ctx.ts';
import { issue } from './verbs/issue.ts';
import { settle } from './verbs/settle.ts';
import { ISSUE_JOB } from './verbs/submit-for-issue.ts';

/**
 * The issue job: submit (if not yet submitted) then settle. A pending answer throws so the queue retries with
 * backoff; each retry re-enters here, finds the requestId stored and only queries.
 */
export function registerIssueJob(db: Db, jobs: JobQueue, gatewayFor: (db: Db) => TaxGateway) {
  jobs.process<{ tenantId: number; invoiceId: number }>(ISSUE_JOB, async (p) => {
    const ctx = systemCtx(db, jobs, gatewayFor(db));
    const input = { tenantId: p.tenantId, id: p.invoiceId };
    const submitted = await issue({ ctx, input });
    const { pending } = await settle({ ctx, input, known: submitted });
    if (pending) throw new Error('税局尚未返回开具结果');
  });
}

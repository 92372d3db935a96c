import { recipientProblem } from '@fpy/domain';
import { invoices } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { Services } from '../../../http/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { readBulkTask, saveBulkTask } from './bulk-task.ts';
import { buyerRecipient, DELIVERABLE_STATUSES } from './recipients.ts';
import { requestDelivery } from './verbs/request-delivery.ts';

/** The job writes its progress after this many invoices (and at the end). */
const SAVE_EVERY = 10;

/** The `delivery.bulk` job: requests every delivery of the task, saving progress as it goes. Resumable. */
export async function runBulkSend(services: Services, taskId: string): Promise<void> {
  const task = await readBulkTask(services, taskId);
  if (!task) return;
  const actor = { userId: task.userId, name: task.userName, tenantId: null, platform: false };
  const ctx = { db: services.db, jobs: services.jobs, actor };
  for (let i = task.processed; i < task.invoices.length; i++) {
    const [tenantId, invoiceId] = task.invoices[i];
    const [inv] = await services.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.tenantId, tenantId)));
    for (const channel of task.channels) {
      if (!inv || !DELIVERABLE_STATUSES.includes(inv.status) || !inv.number) {
        task.notIssued += 1;
        continue;
      }
      const to = buyerRecipient(inv, channel);
      if (!to || recipientProblem(channel, to)) {
        task.noRecipient += 1;
        continue;
      }
      try {
        const { delivery } = await requestDelivery({
          ctx,
          input: { tenantId, invoiceId, channel, trigger: 'bulk' },
        });
        task.deliveryIds.push(delivery.id);
      } catch (err) {
        if (!(err instanceof AppError) || err.httpStatus >= 500) throw err;
        task.notIssued += 1;
      }
    }
    task.processed = i + 1;
    if (task.processed % SAVE_EVERY === 0) await saveBulkTask(services, taskId, task);
  }
  await saveBulkTask(services, taskId, task);
}

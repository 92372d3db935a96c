import type { DeliveryChannel } from '@fpy/domain';
import type { Services } from '../../../http/context.ts';

/** A bulk send's state, kept in services.kv (Redis when REDIS_URL: every instance sees the same progress). */
export interface BulkTask {
  tenantIds: number[];
  userId: number;
  userName: string;
  /** [tenantId, invoiceId] in the order chosen. */
  invoices: [number, number][];
  channels: DeliveryChannel[];
  processed: number;
  noRecipient: number;
  notIssued: number;
  deliveryIds: number[];
}

const KEY = (taskId: string) => `delivery-bulk:${taskId}`;
/** Progress stays readable for a day. */
const TTL_SECONDS = 86_400;

export async function readBulkTask(services: Pick<Services, 'kv'>, taskId: string): Promise<BulkTask | null> {
  const raw = await services.kv.get(KEY(taskId));
  return raw ? (JSON.parse(raw) as BulkTask) : null;
}
export const saveBulkTask = (services: Pick<Services, 'kv'>, taskId: string, task: BulkTask) =>
  services.kv.set(KEY(taskId), JSON.stringify(task), TTL_SECONDS);

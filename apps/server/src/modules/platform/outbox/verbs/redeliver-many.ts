import { type RedeliverCtx, redeliver } from './redeliver.ts';

/**
 * 批量重新投递: each selected task through `redeliver` (its own conditional change, attempt line and audit row),
 * so a task that is not dead or failed — already back in flight, done, unknown — is skipped, not an error.
 */
export async function redeliverMany({
  ctx,
  input,
}: {
  ctx: RedeliverCtx;
  input: { taskIds: readonly number[] };
}): Promise<{ redelivered: number[]; skipped: number[] }> {
  const redelivered: number[] = [];
  const skipped: number[] = [];
  for (const taskId of [...new Set(input.taskIds)]) {
    const moved = await redeliver({ ctx, input: { taskId } });
    (moved ? redelivered : skipped).push(taskId);
  }
  return { redelivered, skipped };
}

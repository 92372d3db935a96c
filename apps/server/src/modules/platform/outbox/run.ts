import { outboxAttempts, outboxTasks } from '@fpy/db';
import { nextAttemptAt } from '@fpy/domain';
import { and, eq, sql } from 'drizzle-orm';
import { withTransaction } from '../../../lib/write/index.ts';
import { kickTask } from './add.ts';
import { claimTask } from './claim.ts';
import { DEFAULT_LEASE_MS, type Outcome, type OutboxTask, type Registry, type Settled } from './kinds.ts';

const clip = (s: string) => s.slice(0, 500);

/** Where an attempt's outcome takes the task: done, failed, or pending again after the backoff — or dead. */
function settledOf(registry: Registry, task: OutboxTask, outcome: Outcome): Settled {
  if (outcome.state !== 'retry') return outcome;
  const { policy } = registry.kinds.get(task.kind)!;
  const next = nextAttemptAt(
    policy,
    { requestedAt: task.since, failedAttempts: task.attempts, now: policy.now() },
    policy.random,
  );
  return next ? { ...outcome, state: 'pending', nextAt: next } : { ...outcome, state: 'dead' };
}

/**
 * A done attempt of a kind that does not mirror done, in one statement: the task ends (only if this claim
 * still holds it) and its attempt line closes, without a transaction — on the embedded database every
 * delivered message saves a BEGIN, a statement and a COMMIT (issue 29's delivery figure).
 */
async function settleDone(db: Registry['services']['db'], task: OutboxTask) {
  const now = new Date();
  await db.execute(sql`
    WITH ended AS (
      UPDATE ${outboxTasks}
      SET state = 'done', lease_until = NULL, lease_token = NULL, last_code = NULL, last_error = NULL,
          finished_at = ${now}, updated_at = ${now}
      WHERE ${outboxTasks.id} = ${task.id} AND ${outboxTasks.state} = 'running'
        AND ${outboxTasks.leaseToken} = ${task.leaseToken}
      RETURNING id
    )
    UPDATE ${outboxAttempts} SET outcome = 'done', code = NULL, message = NULL, ended_at = ${now}
    WHERE ${outboxAttempts.taskId} IN (SELECT id FROM ended) AND ${outboxAttempts.leaseToken} = ${task.leaseToken}`);
}

/**
 * One run of the `outbox.run` job: claim (claim.ts), one attempt by the kind's handler outside any transaction,
 * then one transaction that moves the task — only if this claim still holds it (state running, our lease token)
 * — closes the attempt line and lets the kind mirror the state on its business record. A short wait before the
 * next attempt becomes a delayed job; a long one is left to the sweep (sweep.ts).
 */
export async function runTask(registry: Registry, taskId: number, kindName?: string): Promise<void> {
  const { db, jobs } = registry.services;
  // A kick that names the kind saves the lookup; the claim below still checks it against the row.
  const name =
    kindName ??
    (await db.select({ kind: outboxTasks.kind }).from(outboxTasks).where(eq(outboxTasks.id, taskId)))[0]
      ?.kind;
  const kind = name ? registry.kinds.get(name) : undefined;
  if (!kind) return; // gone, or a kind this process does not handle
  const task = await claimTask(db, taskId, {
    kinds: [kind.kind],
    now: kind.policy.now(),
    leaseMs: kind.leaseMs ?? DEFAULT_LEASE_MS,
  });
  if (!task) return; // not due, held by another claim, or ended
  let outcome: Outcome;
  try {
    outcome = await kind.run(task);
  } catch (err) {
    outcome = {
      state: 'retry',
      code: 'OUTBOX_ERROR',
      message: err instanceof Error ? err.message : String(err),
    };
  }
  const settled = settledOf(registry, task, outcome);
  if (settled.state === 'done' && kind.mirrorsDone === false) {
    await settleDone(db, task);
    return;
  }
  const landed = await withTransaction({ db }, async (tx) => {
    const now = new Date();
    const error = settled.state === 'done' ? null : settled;
    const rows = await tx
      .update(outboxTasks)
      .set({
        state: settled.state,
        nextAt: settled.state === 'pending' ? settled.nextAt : task.nextAt,
        leaseUntil: null,
        leaseToken: null,
        lastCode: error?.code ?? null,
        lastError: error ? clip(error.message) : null,
        finishedAt: settled.state === 'pending' ? null : now,
        updatedAt: now,
      })
      .where(
        and(
          eq(outboxTasks.id, task.id),
          eq(outboxTasks.state, 'running'),
          eq(outboxTasks.leaseToken, task.leaseToken!),
        ),
      )
      .returning({ id: outboxTasks.id });
    if (!rows.length) return false; // the lease expired and another claim took the task: its settle counts
    await tx
      .update(outboxAttempts)
      .set({
        outcome: settled.state === 'pending' ? 'retry' : settled.state,
        code: error?.code ?? null,
        message: error ? clip(error.message) : null,
        endedAt: now,
      })
      .where(and(eq(outboxAttempts.taskId, task.id), eq(outboxAttempts.leaseToken, task.leaseToken!)));
    await kind.onSettled?.(tx, task, settled);
    return true;
  });
  if (!landed || settled.state !== 'pending') return;
  const wait = settled.nextAt.getTime() - kind.policy.now().getTime();
  if (wait <= kind.policy.queueDelayMaxMs) await kickTask(jobs, task.id, Math.max(0, wait), task.kind);
}

import { outboxAttempts, outboxTasks, resourceChanges } from '@fpy/db';
import { DEFAULT_RETRY_POLICY } from '@fpy/domain';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../src/jobs/queue.ts';
import type { Scheduler } from '../../src/jobs/scheduler.ts';
import { withTransaction } from '../../src/lib/write/index.ts';
import {
  addTask,
  claimTask,
  type Outcome,
  type OutboxKind,
  type OutboxPolicy,
  type OutboxTask,
  type Registry,
  redeliver,
  registerOutboxKind,
  rescanAtStart,
  runTask,
  type Settled,
  sweepOutbox,
} from '../../src/modules/platform/outbox/index.ts';
import { useTestApp } from '../harness.ts';

const app = useTestApp();
const db = () => app().services.db;
const drain = () => app().services.jobs.drain();
const noHooks = { addHook: () => undefined };

/** A clock the test moves: the kinds' policies read it. */
let clock = Date.now();
const policy = (over: Partial<OutboxPolicy> = {}): OutboxPolicy => ({
  ...DEFAULT_RETRY_POLICY,
  baseMs: 10_000,
  maxDelayMs: 60_000,
  horizonMs: 3_600_000,
  maxAttempts: 0,
  queueDelayMaxMs: -1, // every wait is the sweep's, driven by the clock here
  now: () => new Date(clock),
  random: () => 1,
  ...over,
});

/** A kind whose outcomes the test scripts, recording every run and every settle. */
function scripted(kind: string, over: Partial<OutboxKind> = {}, pol: Partial<OutboxPolicy> = {}) {
  const script: Outcome[] = [];
  const runs: OutboxTask[] = [];
  const settles: Settled[] = [];
  const k: OutboxKind = {
    kind,
    policy: policy(pol),
    run: async (task) => {
      runs.push(task);
      return script.shift() ?? { state: 'done' };
    },
    onSettled: async (_tx, _task, s) => void settles.push(s),
    ...over,
  };
  return { k, script, runs, settles };
}

/** A second instance on the same database: its own queue and scheduler (no-ops), its own registry. */
function otherInstance(config: { REDIS_URL?: string } = { REDIS_URL: 'redis://elsewhere' }) {
  const jobs = {
    enqueue: async () => 'x',
    process: () => undefined,
    processBatch: () => undefined,
  } as unknown as JobQueue;
  const scheduler = { every: () => undefined } as unknown as Scheduler;
  return { db: db(), jobs, scheduler, config };
}

const taskOf = async (id: number) => (await db().select().from(outboxTasks).where(eq(outboxTasks.id, id)))[0];
const attemptsOf = async (id: number) =>
  db().select().from(outboxAttempts).where(eq(outboxAttempts.taskId, id)).orderBy(asc(outboxAttempts.id));
// Due at the test's clock, not the database's: claims here pass `now` from the clock, and on a loaded machine the
// wall clock runs seconds past the clock set in beforeAll (a task due "now" by the database was not yet due).
const add = (kind: string, ref: string | number, tenantId: number | null = 1) =>
  withTransaction({ db: db() }, (tx) =>
    addTask(tx, { kind, ref, tenantId, payload: { ref }, nextAt: new Date(clock) }),
  );

let main: Registry;
beforeAll(() => {
  clock = Date.now();
  // The app's registry exists already (delivery registers its kind): test kinds join it.
  main = registerOutboxKind(noHooks, app().services, scripted('test.probe').k);
});

describe('tasks are written with the business change', () => {
  it('a rolled-back transaction leaves no task; a second add for the same ref finds the first', async () => {
    await expect(
      withTransaction({ db: db() }, async (tx) => {
        await addTask(tx, { kind: 'test.probe', ref: 'rolled', tenantId: 1 });
        throw new Error('business refused');
      }),
    ).rejects.toThrow('business refused');
    expect(await db().select().from(outboxTasks).where(eq(outboxTasks.ref, 'rolled'))).toHaveLength(0);
    const a = await add('test.probe', 'twice');
    const b = await add('test.probe', 'twice');
    expect(b).toBe(a);
    expect(await taskOf(a)).toMatchObject({ state: 'pending', attempts: 0, tenantId: 1 });
  });
});

describe('claims', () => {
  it('of many claimers at once exactly one gets the task', async () => {
    const id = await add('test.probe', 'race');
    const now = new Date(clock + 5000);
    const got = await Promise.all(
      Array.from({ length: 8 }, () => claimTask(db(), id, { kinds: ['test.probe'], now, leaseMs: 60_000 })),
    );
    expect(got.filter(Boolean)).toHaveLength(1);
    expect(await taskOf(id)).toMatchObject({ state: 'running', attempts: 1 });
    expect(await attemptsOf(id)).toHaveLength(1);
  });

  it('two instances running the same task: one attempt, one settle', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const a = scripted('test.two');
    const slow = {
      ...a.k,
      run: async (t: OutboxTask) => {
        await gate;
        return a.k.run(t);
      },
    };
    const regA = registerOutboxKind(noHooks, otherInstance(), slow);
    const regB = registerOutboxKind(noHooks, otherInstance(), slow);
    const id = await add('test.two', 1);
    const both = Promise.all([runTask(regA, id), runTask(regB, id)]);
    setTimeout(release, 50);
    await both;
    expect(a.runs).toHaveLength(1);
    expect(a.settles).toEqual([{ state: 'done' }]);
    expect(await taskOf(id)).toMatchObject({ state: 'done', attempts: 1, leaseToken: null });
    expect((await attemptsOf(id)).map((x) => x.outcome)).toEqual(['done']);
  });

  it('a crashed holder’s task is claimed again once its lease is past; the late holder settles nothing', async () => {
    const id = await add('test.probe', 'lease');
    const t0 = new Date(clock + 1000);
    const first = await claimTask(db(), id, { kinds: ['test.probe'], now: t0, leaseMs: 60_000 });
    expect(first).not.toBeNull();
    // Within the lease nobody else gets it.
    const early = new Date(t0.getTime() + 30_000);
    expect(await claimTask(db(), id, { kinds: ['test.probe'], now: early, leaseMs: 60_000 })).toBeNull();
    // Past it, the sweep finds the orphan and another claim takes it.
    const late = new Date(t0.getTime() + 61_000);
    expect(await sweepOutbox(main, late)).toBeGreaterThanOrEqual(1);
    const second = await claimTask(db(), id, { kinds: ['test.probe'], now: late, leaseMs: 60_000 });
    expect(second).toMatchObject({ attempts: 2 });
    expect(second!.leaseToken).not.toBe(first!.leaseToken);
    expect((await attemptsOf(id)).map((x) => [x.n, x.outcome])).toEqual([
      [1, 'lost'],
      [2, null],
    ]);
  });

  it('a run whose lease was taken over meanwhile does not move the task', async () => {
    const s = scripted('test.takeover');
    let stolen: OutboxTask | null = null;
    s.k.run = async (task) => {
      // Another instance takes the task while this attempt is slow (its lease ran out).
      await db()
        .update(outboxTasks)
        .set({ leaseUntil: new Date(0) })
        .where(eq(outboxTasks.id, task.id));
      stolen = await claimTask(db(), task.id, { kinds: [task.kind], now: new Date(), leaseMs: 60_000 });
      return { state: 'done' };
    };
    const reg = registerOutboxKind(noHooks, otherInstance(), s.k);
    const id = await add('test.takeover', 1);
    await runTask(reg, id);
    expect(stolen).not.toBeNull();
    expect(s.settles).toEqual([]);
    expect(await taskOf(id)).toMatchObject({ state: 'running', leaseToken: stolen!.leaseToken });
  });
});

describe('backoff and the dead letter', () => {
  it('retries after the backoff (doubling), from the sweep, and dead-letters at the cap', async () => {
    const s = scripted('test.backoff', {}, { maxAttempts: 3 });
    registerOutboxKind(noHooks, app().services, s.k);
    s.script.push(
      { state: 'retry', code: 'Busy', message: 'try later' },
      { state: 'retry', code: 'Busy', message: 'still busy' },
      { state: 'retry', code: 'Busy', message: 'gave up' },
    );
    const id = await add('test.backoff', 1);
    await runTask(main, id);
    let t = await taskOf(id);
    expect(t).toMatchObject({ state: 'pending', attempts: 1, lastCode: 'Busy', lastError: 'try later' });
    expect(t.nextAt.getTime() - clock).toBe(10_000);
    // Not due yet: the sweep leaves it.
    await sweepOutbox(main, new Date(clock + 5000));
    await drain();
    expect(s.runs).toHaveLength(1);
    clock += 10_000;
    await sweepOutbox(main, new Date(clock));
    await drain();
    t = await taskOf(id);
    expect(t).toMatchObject({ state: 'pending', attempts: 2 });
    expect(t.nextAt.getTime() - clock).toBe(20_000);
    clock += 20_000;
    await sweepOutbox(main, new Date(clock));
    await drain();
    t = await taskOf(id);
    expect(t).toMatchObject({ state: 'dead', attempts: 3, lastError: 'gave up' });
    expect(t.finishedAt).not.toBeNull();
    expect(s.settles.map((x) => x.state)).toEqual(['pending', 'pending', 'dead']);
    expect((await attemptsOf(id)).map((x) => x.outcome)).toEqual(['retry', 'retry', 'dead']);
  });

  it('the horizon ends retries too, and a refusal ends the task failed at once; a throw is retried', async () => {
    const s = scripted('test.horizon', {}, { horizonMs: 15_000 });
    registerOutboxKind(noHooks, app().services, s.k);
    s.script.push({ state: 'retry', code: 'T', message: '1' }, { state: 'retry', code: 'T', message: '2' });
    const id = await add('test.horizon', 1);
    // 15 s from the request: the first wait (10 s) fits, the second (20 s) would fall past it.
    s.k.policy.horizonMs = clock - (await taskOf(id)).since.getTime() + 15_000;
    await runTask(main, id);
    clock = (await taskOf(id)).nextAt.getTime();
    await runTask(main, id);
    expect(await taskOf(id)).toMatchObject({ state: 'dead', attempts: 2 });

    s.script.push({ state: 'failed', code: 'Refused', message: 'no such mailbox' });
    const refused = await add('test.horizon', 2);
    await runTask(main, refused);
    expect(await taskOf(refused)).toMatchObject({ state: 'failed', attempts: 1, lastCode: 'Refused' });

    const boom = scripted('test.throws');
    boom.k.run = async () => {
      throw new Error('handler crashed');
    };
    registerOutboxKind(noHooks, app().services, boom.k);
    const thrown = await add('test.throws', 1);
    await runTask(main, thrown);
    expect(await taskOf(thrown)).toMatchObject({ state: 'pending', lastCode: 'OUTBOX_ERROR' });
  });
});

describe('manual redelivery', () => {
  it('puts a dead task back with a fresh round, logs it with the audit row, and runs it', async () => {
    const s = scripted('test.redeliver', {}, { maxAttempts: 1 });
    registerOutboxKind(noHooks, app().services, s.k);
    s.script.push({ state: 'retry', code: 'Down', message: 'outage' });
    const id = await add('test.redeliver', 1, 7);
    await runTask(main, id);
    expect(await taskOf(id)).toMatchObject({ state: 'dead', attempts: 1 });
    const ctx = {
      db: db(),
      jobs: app().services.jobs,
      actor: { userId: 1, name: 'admin' },
      ip: null,
    };
    // Another company's operator cannot see it; a pending task is not redelivered.
    expect(await redeliver({ ctx: { ...ctx, tenantId: 8 }, input: { taskId: id } })).toBeNull();
    const back = await redeliver({ ctx: { ...ctx, tenantId: 7 }, input: { taskId: id } });
    expect(back).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await redeliver({ ctx: { ...ctx, tenantId: null }, input: { taskId: id } })).toBeNull();
    const audit = await db()
      .select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'outboxTask'), eq(resourceChanges.recordId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'redeliver', tenantId: 7, actorName: 'admin' });
    clock += 1000;
    await drain();
    expect(await taskOf(id)).toMatchObject({ state: 'done', attempts: 1 });
    expect((await attemptsOf(id)).map((x) => x.outcome)).toEqual(['dead', 'redelivered', 'done']);
  });
});

describe('rescan after a restart', () => {
  it('alone (no Redis): its own running tasks are released at once and run; with Redis the lease decides', async () => {
    const s = scripted('test.restart');
    const alone = registerOutboxKind(noHooks, otherInstance({}), s.k);
    const id = await add('test.restart', 1);
    // The process that held it stopped in the middle of the attempt.
    await claimTask(db(), id, { kinds: ['test.restart'], now: new Date(clock), leaseMs: 3_600_000 });
    const shared = registerOutboxKind(noHooks, otherInstance(), scripted('test.restart').k);
    await rescanAtStart(shared, new Date(clock));
    expect(await taskOf(id)).toMatchObject({ state: 'running' });
    await rescanAtStart(alone, new Date(clock));
    expect(await taskOf(id)).toMatchObject({ state: 'pending', leaseToken: null });
    await runTask(alone, id);
    expect(await taskOf(id)).toMatchObject({ state: 'done', attempts: 2 });
    expect((await attemptsOf(id)).map((x) => x.outcome)).toEqual(['lost', 'done']);
  });
});

describe('done without mirroring', () => {
  it('a kind that does not mirror done: done settles in one statement, the hook never hears it, a lost claim settles nothing', async () => {
    // Last in the file: the clock moves to now (tasks are due by the database's clock), which no later test sees.
    clock = Date.now();
    const quiet = scripted('test.quiet', { mirrorsDone: false });
    const reg = registerOutboxKind(noHooks, otherInstance(), quiet.k);
    const id = await add('test.quiet', 1);
    await runTask(reg, id);
    expect(quiet.runs).toHaveLength(1);
    expect(quiet.settles).toEqual([]);
    expect(await taskOf(id)).toMatchObject({ state: 'done', attempts: 1, leaseToken: null, lastCode: null });
    expect((await taskOf(id)).finishedAt).toBeInstanceOf(Date);
    expect((await attemptsOf(id)).map((x) => [x.outcome, x.endedAt instanceof Date])).toEqual([
      ['done', true],
    ]);

    // Failures still settle in the transaction with the hook.
    quiet.script.push({ state: 'failed', code: 'REFUSED', message: 'no' });
    const failing = await add('test.quiet', 2);
    await runTask(reg, failing);
    expect(quiet.settles).toEqual([{ state: 'failed', code: 'REFUSED', message: 'no' }]);
    expect(await taskOf(failing)).toMatchObject({ state: 'failed', lastCode: 'REFUSED' });

    // A holder whose lease another claim took: its done changes neither the task nor the new attempt.
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow: OutboxKind = {
      ...quiet.k,
      run: async () => {
        await gate;
        return { state: 'done' };
      },
    };
    const lateReg = registerOutboxKind(noHooks, otherInstance(), slow);
    const late = await add('test.quiet', 3);
    const running = runTask(lateReg, late);
    await expect.poll(async () => (await taskOf(late)).state).toBe('running');
    const stolen = await claimTask(db(), late, {
      kinds: ['test.quiet'],
      now: new Date(Date.now() + 10 * 60_000),
      leaseMs: 60_000,
    });
    expect(stolen).not.toBeNull();
    release();
    await running;
    expect(await taskOf(late)).toMatchObject({ state: 'running', leaseToken: stolen?.leaseToken });
    expect((await attemptsOf(late)).map((x) => x.outcome)).toEqual(['lost', null]);
  });
});

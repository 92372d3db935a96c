// The public face of the outbox (issue 29 §3): retried outgoing work for every module that calls the outside
// world after a business change — delivery's sends first; webhooks, ERP push and receipt delivery next.
export { addTask, addTasks, kickTask, type NewTask, OUTBOX_RUN_JOB } from './add.ts';
export { claimTask } from './claim.ts';
export {
  DEFAULT_LEASE_MS,
  type Outcome,
  type OutboxKind,
  type OutboxPolicy,
  type OutboxServices,
  type OutboxTask,
  type Registry,
  registryOf,
  type Settled,
} from './kinds.ts';
export { type ReadyHooks, registerOutboxKind } from './register.ts';
export { runTask } from './run.ts';
export { OUTBOX_SWEEP, rescanAtStart, sweepOutbox } from './sweep.ts';
export { type RedeliverCtx, redeliver } from './verbs/redeliver.ts';
export { registerOutboxModule } from './module.ts';
export { OUTBOX_RETENTION, purgeFinished } from './retention.ts';
export { redeliverMany } from './verbs/redeliver-many.ts';

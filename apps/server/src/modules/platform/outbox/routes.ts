import { getJob, jobsSummary, listJobs, redeliverJob, redeliverJobs } from '@fpy/contracts';
import { local } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { businessError, notFound } from '../../../lib/errors.ts';
import { listTasks, taskDetail, taskRow, taskSummary } from './reads/tasks.ts';
import { redeliver } from './verbs/redeliver.ts';
import { redeliverMany } from './verbs/redeliver-many.ts';

const STATE_NAMES: Record<string, [string, string]> = {
  pending: ['待执行', 'pending'],
  running: ['执行中', 'running'],
  done: ['已完成', 'done'],
  failed: ['已拒绝', 'refused'],
  dead: ['已放弃', 'dead'],
};

/**
 * 任务管理 (/baseManager/jobManager): the platform operator's routes on the outbox. Platform-only (the contracts
 * say so), so the redelivery runs with tenantId null: every company's task.
 */
export function registerOutboxRoutes(app: FastifyInstance) {
  route(app, listJobs, (ctx, { query }) => listTasks(ctx.db, query));

  route(app, jobsSummary, (ctx) => taskSummary(ctx.db));

  route(app, getJob, async (ctx, { params }) => {
    const task = await taskDetail(ctx.db, params.id);
    if (!task) throw notFound('NOT_FOUND.job');
    return task;
  });

  route(app, redeliverJob, async (ctx, { params }) => {
    const moved = await redeliver({ ctx: { ...ctx, tenantId: null }, input: { taskId: params.id } });
    const row = await taskRow(ctx.db, params.id);
    if (!row) throw notFound('NOT_FOUND.job');
    if (!moved) {
      const [zh, en] = STATE_NAMES[row.state] ?? [row.state, row.state];
      throw businessError('JOB_NOT_REDELIVERABLE', { state: local(zh, en) });
    }
    return row;
  });

  route(app, redeliverJobs, (ctx, { body }) =>
    redeliverMany({ ctx: { ...ctx, tenantId: null }, input: { taskIds: body.ids } }),
  );
}

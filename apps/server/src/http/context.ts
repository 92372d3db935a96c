import type { Db } from '@fpy/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { Kv } from '../lib/kv.ts';
import type { Notifier } from '../lib/notifier.ts';

/** Who is calling. Built once per token and cached (see plugins/auth.ts). */
export interface Actor {
  userId: number;
  username: string;
  name: string;
  /** null for platform accounts. */
  tenantId: number | null;
  isSuperAdmin: number;
  isInsideUser: number;
  /** Menu and element codes granted through the user's groups. */
  codes: ReadonlySet<string>;
  /** Platform super administrators hold every code and see every tenant. */
  platform: boolean;
  tokenHash: string;
}

/** Shared services every handler and verb receives. */
export interface Services {
  db: Db;
  /** What background jobs write through (DbHandle.background): their own connections, commits not awaited on disk. */
  jobsDb: Db;
  config: Config;
  kv: Kv;
  notifier: Notifier;
  /** Background jobs (in-process today; BullMQ later). */
  jobs: JobQueue;
  /** Periodic tasks; started when the server is ready (tests call runNow instead of waiting). */
  scheduler: Scheduler;
  /** Drop cached actors and profiles after grants, menus, groups or users change. */
  invalidateAuthz(): void;
}

export interface Ctx extends Services {
  actor: Actor | null;
  requestId: string;
  ip: string;
  userAgent: string;
  lang: 'zh' | 'en';
  log: FastifyBaseLogger;
}

export interface AuthedCtx extends Ctx {
  actor: Actor;
}

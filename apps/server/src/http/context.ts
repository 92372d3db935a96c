import type { Db } from '@fpy/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Gateways } from '../gateways/registry.ts';
import type { TaxGateway } from '../gateways/tax-bureau/gateway.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { Bus } from '../lib/bus.ts';
import type { Kv } from '../lib/kv.ts';
import type { LimiterFactory } from '../lib/limiter.ts';
import type { Notifier } from '../lib/notifier.ts';
import type { OutboundGuard } from '../lib/outbound/index.ts';

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
  /** Budgets and lockouts shared by every server process (Redis) — `limiter(name, points, seconds)`. */
  limiter: LimiterFactory;
  /** Cache invalidation between server processes (Redis pub/sub; in process without Redis). */
  bus: Bus;
  notifier: Notifier;
  /** Background jobs (in-process today; BullMQ later). */
  jobs: JobQueue;
  /** Periodic tasks; started when the server is ready (tests call runNow instead of waiting). */
  scheduler: Scheduler;
  /**
   * The tax bureau behind its gateway interface, bound to the connection the caller writes through (the
   * embedded sandbox keeps its state in that database). Injected here so modules never choose the provider.
   */
  taxGatewayFor(db: Db): TaxGateway;
  /**
   * The outside services by name (gateways/registry.ts): `gateways.messaging` (SMS and e-mail through the
   * configured provider accounts with failover, or the embedded sandbox; receipts through its onReceipts), and
   * each new gateway as it lands — one registry, not a field per gateway.
   */
  gateways: Gateways;
  /**
   * The guard every connection to an address a tenant or an administrator chose passes (lib/outbound): refuses
   * loopback, private, link-local and reserved addresses unless OUTBOUND_ALLOW_HOSTS names them.
   */
  outbound: OutboundGuard;
  /** Drop cached actors and profiles after grants, menus, groups or users change, on every server process. */
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

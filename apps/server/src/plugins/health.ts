import { getHealth, getReadiness, READINESS_CHECKS, type ReadinessCheck, type ReplyOf } from '@fpy/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';

export type ReadinessReport = ReplyOf<typeof getReadiness>;
type CheckState = ReadinessReport['checks'][ReadinessCheck];

export interface ReadinessProbes {
  /** A trivial query through the pool requests use. */
  database(): Promise<unknown>;
  /** PING; absent when the installation runs without Redis. */
  redis?: () => Promise<unknown>;
  /** Committed migrations the database has not applied. */
  pendingMigrations(): Promise<number>;
}

export interface ReadinessOptions {
  /** A probe slower than this counts as failed: a hung database must not hang the load balancer's probe. */
  timeoutMs?: number;
  /** Answers within this window share one run of the checks, so a flood of probes costs one query a second. */
  cacheMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

const within = <T>(p: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    p.then(resolve, reject).finally(() => clearTimeout(t));
  });

/**
 * Whether this instance should receive traffic (GET /readyz): the database answers, Redis answers (when
 * configured), the migrations are applied, and no SIGTERM/SIGINT has arrived. The stopping flag is read live;
 * the I/O checks run at most once per cacheMs whoever asks.
 */
export class Readiness {
  private stopping = false;
  /** Migrations never un-apply: once seen complete, the check is not asked again. */
  private migrated = false;
  private cached: {
    at: number;
    checks: Promise<Record<'database' | 'redis' | 'migrations', CheckState>>;
  } | null = null;
  private lastFailed = new Set<ReadinessCheck>();
  /** Why the last run's failed checks failed (logged, never answered: the probe is anonymous). */
  private errors: string[] = [];
  private readonly timeoutMs: number;
  private readonly cacheMs: number;

  constructor(
    private readonly probes: ReadinessProbes,
    private readonly opts: ReadinessOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? 2000;
    this.cacheMs = opts.cacheMs ?? 1000;
  }

  /** The first step of a graceful shutdown: from now on /readyz answers 503 (shutdown: failed). */
  markStopping() {
    this.stopping = true;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  async report(): Promise<ReadinessReport> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at >= this.cacheMs) this.cached = { at: now, checks: this.run() };
    const checks = { ...(await this.cached.checks), shutdown: this.stopping ? 'failed' : 'ok' } as const;
    const failed = READINESS_CHECKS.filter((c) => checks[c] === 'failed');
    this.noteChanges(failed);
    return { status: failed.length ? 'unavailable' : 'ready', checks, failed };
  }

  private async run() {
    const probe = (p: () => Promise<unknown>) =>
      within(p(), this.timeoutMs).then(
        () => 'ok' as const,
        (err: unknown) => {
          this.errors.push(err instanceof Error ? err.message : String(err));
          return 'failed' as const;
        },
      );
    this.errors = [];
    const [database, redis, migrations] = await Promise.all([
      probe(() => this.probes.database()),
      this.probes.redis ? probe(this.probes.redis) : Promise.resolve('skipped' as const),
      this.migrated
        ? Promise.resolve('ok' as const)
        : probe(async () => {
            const pending = await this.probes.pendingMigrations();
            if (pending > 0) throw new Error(`${pending} migrations pending`);
            this.migrated = true;
          }),
    ]);
    return { database, redis, migrations };
  }

  /** One log line when a check starts or stops failing, not one per probe. */
  private noteChanges(failed: ReadinessCheck[]) {
    const now = new Set(failed);
    const newly = failed.filter((c) => !this.lastFailed.has(c) && c !== 'shutdown');
    const healed = [...this.lastFailed].filter((c) => !now.has(c));
    if (newly.length) this.opts.log?.warn({ failed: newly, errors: this.errors }, 'readiness check failing');
    if (healed.length) this.opts.log?.info({ healed }, 'readiness check passing again');
    this.lastFailed = now;
  }
}

/** GET /healthz and GET /readyz; while stopping, every response also closes its connection. */
export function installHealth(app: FastifyInstance, readiness: Readiness) {
  route(app, getHealth, () => ({ status: 'ok' as const }));
  route(app, getReadiness, async (_ctx, { reply }) => {
    const report = await readiness.report();
    reply.code(report.status === 'ready' ? 200 : 503);
    return report;
  });
  // Keep-alive clients and proxies reconnect elsewhere once a stopping instance has answered them, and the
  // server's close is never held up by sockets left idle after the requests in flight finish.
  // Callback style: an async hook costs every reply a promise for a flag that is false until shutdown.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (readiness.isStopping) reply.header('connection', 'close');
    done(null, payload);
  });
}

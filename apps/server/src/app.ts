import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { getOpenApi } from '@fpy/contracts';
import { type DbHandle, openDb } from '@fpy/db';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Services } from './http/context.ts';
import { registeredContracts, route } from './http/route.ts';
import { ApiLoad } from './jobs/api-load.ts';
import { BullQueue } from './jobs/bullmq-queue.ts';
import { jobPrefixFor } from './jobs/prefix.ts';
import { MemoryQueue } from './jobs/queue.ts';
import { redisTickClaim, Scheduler } from './jobs/scheduler.ts';
import { type Bus, LocalBus, RedisBus } from './lib/bus.ts';
import { uploadsStoreFor } from './lib/file-store.ts';
import { type Kv, MemoryKv, RedisKv } from './lib/kv.ts';
import { limiterFactory } from './lib/limiter.ts';
import { installUtf8Replies } from './plugins/utf8-replies.ts';
import { createMessagingGateway, GatewayNotifier } from './modules/delivery/providers/index.ts';
import { createWalletGateway } from './modules/self-service/wallets/index.ts';
import { type RegisterModule, registerModules } from './modules/index.ts';
import { taxGatewayFor } from './modules/platform/tax-gateway/index.ts';
import { installAccess } from './plugins/access.ts';
import { ActorCache } from './plugins/auth.ts';
import { frameworkError, installErrorHandling } from './plugins/errors.ts';
import { installHealth, Readiness } from './plugins/health.ts';
import { GateLogWriter, installGateLog } from './plugins/gate-log.ts';
import { buildOpenApi } from './plugins/openapi.ts';
import { installRateLimit, type RateLimits } from './plugins/rate-limit.ts';
import { installSecurityHeaders } from './plugins/security-headers.ts';
import { installStatic } from './plugins/static.ts';
import { seedDemoData } from './seed/demo-data.ts';
import { syncMenus } from './seed/sync-menus.ts';
import { ProfileCache } from './modules/platform/profile/index.ts';
import { LoginKey } from './modules/platform/auth/index.ts';
import { catalogFor } from './modules/sales/tax-codes/index.ts';
import { OutboundGuard } from './lib/outbound/index.ts';

/** Bus topic of users, tenants, groups, grants and menus: drops cached actors and profiles. */
const AUTHZ_TOPIC = 'authz';

async function connectRedis(url: string): Promise<Redis> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  // Reconnection is ioredis's; without a listener a dropped connection would crash the process.
  r.on('error', () => {});
  await r.connect();
  return r;
}

export interface BuildOptions {
  /** Use an already opened database (tests share one per file). */
  dbHandle?: DbHandle;
  seed?: boolean;
  logger?: boolean;
  rateLimits?: RateLimits;
  /** Registered after the product's modules, with the same deps (a test binds a resource of its own). */
  extraModules?: RegisterModule[];
  /** The load measurement background jobs yield to (a test passes one on its own clock). */
  apiLoad?: ApiLoad;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  dbHandle: DbHandle;
  /** Loads reference data and warms in-memory indexes; the real server runs it at start, tests on demand. */
  warmUp(): Promise<void>;
  /** What GET /readyz answers; shutdown.ts marks it stopping first. */
  readiness: Readiness;
  /**
   * Stops in order: the listener (requests in flight finish) and the scheduler (running ticks finish), then
   * the queue (running jobs finish, waiting ones stay for the next start), then the log buffer and the pools.
   */
  close(): Promise<void>;
}

/** Assembles the whole server: database, migrations, seed, plugins in order, modules, docs, static web. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const dbHandle =
    opts.dbHandle ??
    (await openDb({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir.startsWith('memory://') ? config.dataDir : join(config.dataDir, 'pg'),
    }));
  const db = dbHandle.db;
  // An in-memory database (tests) keeps its uploads in a temporary folder, never in the working tree.
  const uploadsDir = config.dataDir.startsWith('memory://')
    ? mkdtempSync(join(tmpdir(), 'fpy-uploads-'))
    : join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  // Uploaded images: that folder, or `uploads/` of the S3 bucket when configured (shared by every instance).
  const uploads = uploadsStoreFor(config, uploadsDir);
  // Instances started together on an empty database: one migrates and seeds under the setup lock, the others
  // wait for it and then find the work done (a second CREATE SCHEMA or seed insert would fail their start).
  await dbHandle.withSetupLock(async () => {
    if (!opts.dbHandle) await dbHandle.migrate();
    await syncMenus(db);
    if (opts.seed !== false) await seedDemoData(db, uploads);
  });
  const jobsHandle = await dbHandle.background();

  const kv: Kv = config.REDIS_URL
    ? await RedisKv.connect(config.REDIS_URL, config.REDIS_PREFIX)
    : new MemoryKv();
  // One connection for limiter counters and bus publishes; the bus subscribes on its own (a subscribed
  // connection can issue nothing else).
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : undefined;
  const bus: Bus =
    config.REDIS_URL && redis
      ? await RedisBus.connect(config.REDIS_URL, config.REDIS_PREFIX, redis)
      : new LocalBus();
  const jobsPrefix = await jobPrefixFor(db);
  const actors = new ActorCache(db);
  const profiles = new ProfileCache();
  bus.on(AUTHZ_TOPIC, () => {
    actors.clear();
    profiles.clear();
  });
  const apiLoad = opts.apiLoad ?? new ApiLoad();
  // SMS and e-mail: the configured provider accounts with failover, else the embedded sandbox (沙箱消息).
  const outbound = OutboundGuard.fromSetting(config.OUTBOUND_ALLOW_HOSTS);
  const messaging = createMessagingGateway(db, {
    outbound,
    onPollError: (id, err) => console.error(`receipt polling of provider ${id} failed`, err),
  });
  // WeChat Pay / Alipay card bags: the tenant's accounts with failover, else the embedded sandbox.
  const wallet = createWalletGateway(db, { outbound });
  const services: Services = {
    db,
    jobsDb: jobsHandle.db,
    config,
    kv,
    limiter: limiterFactory({ redis, prefix: config.REDIS_PREFIX }),
    bus,
    notifier: new GatewayNotifier(messaging, db),
    gateways: { messaging, wallet },
    outbound,
    // On Redis jobs survive restarts and are shared by every process on this database.
    jobs: config.REDIS_URL
      ? await BullQueue.connect(config.REDIS_URL, { prefix: jobsPrefix, busy: () => apiLoad.busy })
      : new MemoryQueue({ busy: () => apiLoad.busy }),
    // main.ts starts it; tests run tasks with runNow so nothing fires behind their back.
    // On Redis each tick of a task runs in one process of the installation (the jobs prefix is per database).
    scheduler: new Scheduler(
      (name, err) => console.error(`scheduled task ${name} failed`, err),
      redis ? { claim: redisTickClaim(redis, jobsPrefix) } : {},
    ),
    taxGatewayFor,
    invalidateAuthz: () => bus.publish(AUTHZ_TOPIC),
  };

  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    // Every API request is already recorded by the gate log; per-request log lines would only cost CPU.
    logController: new LogController({ disableRequestLogging: true }),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names; anyone else could forge it.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_addr: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    ajv: { customOptions: { coerceTypes: false } },
    // An over-long or malformed path parameter is answered by our error handler (a message in the caller's
    // language), not by Fastify's text, which echoes the address back.
    frameworkErrors: frameworkError,
  });
  installErrorHandling(app);
  await installSecurityHeaders(app, { https: config.secureCookies });
  installUtf8Replies(app);
  await app.register(cookie);
  app.addHook('onRequest', (req, reply, done) => {
    // A status poll (contract `poll`) is cheap and repeated: counting it would shed the real work it waits on.
    if (req.routeOptions.config?.contract?.poll) return done();
    apiLoad.begin();
    // 'close' comes once per response: sent, failed or abandoned by the client.
    reply.raw.once('close', apiLoad.end);
    done();
  });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(compress, { threshold: 2048, encodings: ['gzip', 'br'] });
  const gateLog = new GateLogWriter(db, (err) => app.log.error({ err }, 'gate log write failed'));
  installAccess(app, services, actors);
  installRateLimit(
    app,
    services.limiter,
    opts.rateLimits ?? {
      perIpPerMinute: config.RATE_LIMIT_IP_PER_MINUTE,
      perAccountPerMinute: config.RATE_LIMIT_ACCOUNT_PER_MINUTE,
      eventsPerIpPerMinute: config.RATE_LIMIT_EVENTS_PER_MINUTE,
    },
  );
  installGateLog(app, gateLog);
  const readiness = new Readiness(
    {
      database: () => db.execute(sql`SELECT 1`),
      ...(redis ? { redis: () => redis.ping() } : {}),
      pendingMigrations: () => dbHandle.pendingMigrations(),
    },
    { log: app.log },
  );
  installHealth(app, readiness);

  const loginKey = await LoginKey.load(db);
  await registerModules(app, { loginKey, profiles, uploads, services });
  for (const extra of opts.extraModules ?? []) await extra(app, { loginKey, profiles, uploads, services });
  // Registered before the document is built, so the document lists itself: the same document whether or not an
  // app was built earlier in this process (registeredContracts is process-wide).
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  route(app, getOpenApi, () => openapi!);
  openapi = buildOpenApi(registeredContracts, { publicBaseUrl: config.PUBLIC_BASE_URL });
  await installStatic(app, config.webDist, uploads);
  await app.ready();

  let closing: Promise<void> | null = null;
  return {
    app,
    services,
    dbHandle,
    // The national tax-code table is loaded on first start and its search index built before users arrive.
    warmUp: async () => {
      await catalogFor(db);
    },
    readiness,
    // Once: a signal and a test's teardown may both ask, and a pool cannot be ended twice.
    close: () => (closing ??= closeAll()),
  };

  async function closeAll() {
    readiness.markStopping();
    await Promise.all([services.scheduler.stop(), app.close()]);
    await services.jobs.close();
    await messaging.close();
    await wallet.close();
    await gateLog.close();
    await kv.close();
    await bus.close();
    await redis?.quit().catch(() => redis.disconnect());
    await jobsHandle.close();
    if (!opts.dbHandle) await dbHandle.close();
  }
}

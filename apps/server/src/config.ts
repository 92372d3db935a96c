import { resolve } from 'node:path';
import { z } from 'zod';
import { parseAllowList } from './lib/outbound/allow-list.ts';

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(9527),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  // Prefix of this installation's Redis keys and its cache-invalidation channel (limits, lockouts, bus). Every
  // instance of one installation uses the same; two installations (or test runs) on one Redis use different ones.
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only (at most 64), e.g. fpy:')
    .default('fpy:'),
  PUBLIC_BASE_URL: z.string().url('must be an absolute URL such as https://fapiao.example.com').optional(),
  // How long a delivery (e-mail, SMS) that failed for a temporary reason keeps being retried, with exponential
  // backoff, before it is given up (多次重试失败); counted from the request. Long enough to outlast an outage.
  DELIVERY_RETRY_HOURS: z.coerce.number().min(0.01).max(72).default(6),
  // Finished (done) outbox tasks and their attempt lines are deleted this many days after they ended
  // (platform/outbox retention, hourly); failed and dead ones stay until redelivered.
  OUTBOX_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(30),
  LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(2592000).default(43200),
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_ACCOUNT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  // Tracking events per client IP and minute: chattier than sign-up, still bounded.
  RATE_LIMIT_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  // SIGTERM/SIGINT: at most this long for requests in flight and running jobs to finish; then exit(1) anyway.
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // Seconds between /readyz turning 503 and the listener closing, for balancers that only learn of it by
  // probing (Kubernetes, HAProxy): they stop sending before connections are refused. Counts within the timeout.
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(600).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  // S3-compatible file store for layout files (@aws-sdk/client-s3, path-style); unset = DATA_DIR/files.
  S3_ENDPOINT: z.string().url('must be an absolute URL such as https://s3.example.com').optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  // Worker threads rendering invoice PDF/XML; unset = cores − 1 (at least 1), 0 = render on the main thread.
  RENDER_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  // Their CPU share: low = nice 19, requests first (render-pool.ts); normal = for a queue-only instance, or a host
  // whose other busy processes would otherwise hold the renders back.
  RENDER_PRIORITY: z.enum(['low', 'normal']).default('low'),
  // Internal hosts and ranges the server may connect to when a tenant or an administrator names them (a company's
  // own mail relay, the tests' stand-ins): host names, addresses and CIDR ranges, comma separated. Empty = none:
  // loopback, private, link-local and reserved addresses are refused on every outbound connection (lib/outbound).
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const allow = parseAllowList(v);
      if ('bad' in allow)
        ctx.addIssue({
          code: 'custom',
          message: `not a host name, address or CIDR range: ${allow.bad} (e.g. relay.corp.example,10.0.0.0/8,127.0.0.1)`,
        });
    })
    .optional(),
  // Key of the secrets kept encrypted at rest (open apps' AppSecrets, lib/secret-box.ts): 64 hex characters or a
  // passphrase. Unset = a fixed development key: set it in production, and keep it (changing it loses the secrets).
  OPEN_SECRET_KEY: z.string().min(16).optional(),
  // Monitoring (issue 32 §3, platform/monitor). GET /metrics answers a scraper sending `Authorization: Bearer
  // <METRICS_TOKEN>`; without a token it answers 404 unless METRICS_PUBLIC=true (a network that fences it already).
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  METRICS_PUBLIC: z.enum(['true', 'false']).default('false'),
  // Share of requests (and jobs) traced (OpenTelemetry, kept in monitor_spans for TRACE_RETENTION_MINUTES):
  // 0 = tracing off, 1 = every request. /healthz, /readyz and /metrics are never traced.
  TRACE_SAMPLE_RATIO: z.coerce.number().min(0).max(1).default(0.1),
  TRACE_RETENTION_MINUTES: z.coerce.number().int().min(1).max(10080).default(60),
  // Instance registry: heartbeat (and metric sample) interval; an instance silent for MONITOR_DROP_SECONDS drops out.
  MONITOR_HEARTBEAT_SECONDS: z.coerce.number().min(1).max(300).default(10),
  MONITOR_DROP_SECONDS: z.coerce.number().min(2).max(3600).default(30),
  // Spans are also exported to this OTLP/HTTP collector (…/v1/traces) when set.
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .url('must be an absolute URL such as http://collector:4318')
    .optional(),
  // Open API budgets when no operator row (open_rate_limits) applies: calls per second per app and per enterprise;
  // per API (one app on one operation) half of it.
  OPEN_RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(1).max(1_000_000).default(100),
  // Which reverse proxies may set X-Forwarded-For: a hop count, or their addresses / CIDR ranges, comma separated.
  // Unset = none: the client address is the socket's, whatever headers say.
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(\d{1,2}|[0-9a-fA-F:.]+(\/\d{1,3})?(\s*,\s*[0-9a-fA-F:.]+(\/\d{1,3})?)*)$/,
      'must be a hop count (e.g. 1) or proxy addresses / CIDR ranges separated by commas (e.g. 10.0.0.1,10.1.0.0/16)',
    )
    .optional(),
});

/** Half an S3 configuration is a mistake, never a silent fallback to the local folder. */
const S3_VARS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const withS3Check = schema.superRefine((c, ctx) => {
  if (c.SHUTDOWN_DELAY_SECONDS >= c.SHUTDOWN_TIMEOUT_SECONDS)
    ctx.addIssue({
      code: 'custom',
      path: ['SHUTDOWN_DELAY_SECONDS'],
      message: `must be shorter than SHUTDOWN_TIMEOUT_SECONDS (${c.SHUTDOWN_TIMEOUT_SECONDS})`,
    });
  const missing = S3_VARS.filter((k) => !c[k]);
  if (missing.length > 0 && missing.length < S3_VARS.length)
    ctx.addIssue({
      code: 'custom',
      path: [missing[0]],
      message: `S3 storage needs ${S3_VARS.join(', ')} together (missing: ${missing.join(', ')})`,
    });
});

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  webDist: string;
  /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses. */
  trustProxy: false | number | string[];
  /** Cookies carry `Secure` when the console is reached over HTTPS. */
  secureCookies: boolean;
};

export class ConfigError extends Error {}

/** Validates the environment once at start; a bad value names its variable in one line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = withS3Check.safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  const c = parsed.data;
  const proxy = c.TRUST_PROXY;
  return {
    ...c,
    trustProxy: !proxy ? false : /^\d+$/.test(proxy) ? Number(proxy) : proxy.split(',').map((a) => a.trim()),
    secureCookies: c.PUBLIC_BASE_URL?.startsWith('https://') ?? false,
    dataDir: c.DATA_DIR.startsWith('memory://') ? c.DATA_DIR : resolve(c.DATA_DIR),
    webDist: resolve(c.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}

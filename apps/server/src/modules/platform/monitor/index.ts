// The public face of platform/monitor (issue 32 §3): the instance registry, metrics, traces and the background
// jobs' operator routes. Other modules never call it: it instruments the shared queue, scheduler and database.
import { SpanStatusCode, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegisterModule } from '../../../http/module.ts';
import { MonitorInstance, pruneSamples } from './instance.ts';
import { pruneInstances } from './registry.ts';
import { registerMonitorRoutes } from './routes.ts';
import { readPaused, SCHEDULES_TOPIC } from './schedules.ts';
import { pruneSpans, traceStatements } from './tracing.ts';

export { heartbeat, newIdentity, runningInstances } from './registry.ts';
export { MonitorInstance } from './instance.ts';
export const MONITOR_PRUNE = 'monitor.prune';

/** Routes never traced: the probes and the scrape itself (every few seconds, by machines). */
const UNTRACED = new Set(['health']);

/**
 * Registered first among the modules so its hooks and the instrument it sets on the queue and the scheduler
 * cover everything registered after it (the instrument is read at each run, so earlier handlers are covered too).
 */
export const registerMonitorModule: RegisterModule = (app, { services }) => {
  const inst = new MonitorInstance(services, readPaused, (err) =>
    app.log.warn({ err }, 'monitor write failed'),
  );
  if (inst.tracing.enabled) traceStatements(services.db);
  services.scheduler.paused = (name) => inst.paused.has(name);
  const instrument = async <T>(kind: 'job' | 'task', name: string, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      const out = await inst.tracing.run(kind, name, run);
      inst.metrics.observeRun(kind, name, (performance.now() - t0) / 1000, true);
      return out;
    } catch (err) {
      inst.metrics.observeRun(kind, name, (performance.now() - t0) / 1000, false);
      throw err;
    }
  };
  services.jobs.instrument = instrument;
  services.scheduler.instrument = instrument;
  services.bus.on(SCHEDULES_TOPIC, () => void inst.refreshPaused());

  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (req, _reply, done) => {
    const contract = req.routeOptions.config?.contract;
    if (contract && !UNTRACED.has(contract.tag)) {
      const span = inst.tracing.startRoot(`${req.method} ${contract.path}`, {
        'fpy.kind': 'request',
        'http.method': req.method,
        'http.route': contract.path,
        'request.id': req.id,
      });
      if (span) {
        spans.set(req, span);
        inst.tracing.enter(span);
      }
    }
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    inst.metrics.observeRequest(
      req.method,
      req.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    const span = spans.get(req);
    if (span) {
      span.setAttribute('http.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  app.addHook('onReady', async () => {
    await inst.beat();
    inst.start();
  });
  app.addHook('onClose', () => inst.stop());

  services.scheduler.every(MONITOR_PRUNE, 60_000, async (now) => {
    await pruneSpans(services.jobsDb, services.config.TRACE_RETENTION_MINUTES, now);
    await pruneSamples(services.jobsDb, now);
    await pruneInstances(services.jobsDb, now);
  });
  registerMonitorRoutes(app, inst);
  instances.set(app, inst);
};

const instances = new WeakMap<FastifyInstance, MonitorInstance>();
/** This app's monitor (tests: beat now, flush spans). */
export const monitorOf = (app: FastifyInstance) => instances.get(app);

import type { BuiltApp } from './app.ts';

export interface ShutdownOptions {
  /** SHUTDOWN_TIMEOUT_SECONDS, in ms: past it the process exits 1 whatever is still running. */
  timeoutMs: number;
  /** SHUTDOWN_DELAY_SECONDS, in ms: how long the instance keeps serving after readiness turned false. */
  delayMs?: number;
  log?: (line: string) => void;
  /** process.exit; tests pass their own. */
  exit?: (code: number) => void;
}

/**
 * Graceful stop on SIGTERM/SIGINT (issue 22 §3). In order:
 *  1. readiness goes false at once (GET /readyz answers 503), so a load balancer stops sending new work; with
 *     SHUTDOWN_DELAY_SECONDS the instance keeps serving that long, for balancers that learn it by probing;
 *  2. the listener closes: no new connections; requests in flight finish (a request arriving on an open
 *     keep-alive connection is refused with 503 before it is accepted, and every answer closes its connection);
 *  3. the scheduler stops (a running tick finishes) and the queue closes: running jobs finish, waiting ones stay
 *     in Redis (BullMQ) — or, in process, are picked up again at the next start by the modules' resumption;
 *  4. the gate log buffer is flushed and the Redis and database pools are closed; exit 0.
 * If that takes longer than the timeout the process logs it and exits 1: BullMQ hands a job still running to
 * another worker once its lock lapses, and the stuck-invoice sweep covers the in-process queue.
 */
export async function shutdown(
  built: Pick<BuiltApp, 'readiness' | 'close'>,
  reason: string,
  opts: ShutdownOptions,
) {
  const log = opts.log ?? ((line: string) => console.log(line));
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const started = Date.now();
  built.readiness.markStopping();
  log(`${reason}: stopping — not ready, finishing requests and jobs (at most ${opts.timeoutMs / 1000} s)`);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), opts.timeoutMs);
  });
  const closed = new Promise((r) => setTimeout(r, opts.delayMs ?? 0))
    .then(() => built.close())
    .then(
      () => 'closed' as const,
      (err: unknown) => err,
    );
  const outcome = await Promise.race([closed, timedOut]);
  clearTimeout(timer);
  const took = ((Date.now() - started) / 1000).toFixed(1);
  if (outcome === 'closed') {
    log(`stopped cleanly in ${took} s`);
    return exit(0);
  }
  if (outcome === 'timeout') log(`shutdown did not finish within ${opts.timeoutMs / 1000} s; exiting anyway`);
  else
    log(`shutdown failed after ${took} s: ${outcome instanceof Error ? outcome.message : String(outcome)}`);
  return exit(1);
}

/**
 * Installs the signal handlers. A repeated signal is ignored: `npm start` forwards the terminal's Ctrl-C to a
 * server that already received it from the terminal, and the first stop must be allowed to finish.
 */
export function stopOnSignals(built: Pick<BuiltApp, 'readiness' | 'close'>, opts: ShutdownOptions) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void shutdown(built, signal, opts);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

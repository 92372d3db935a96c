import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { OutboundBlocked, type OutboundGuard } from './guard.ts';

type CreateConnection = (options: ConnectOptions, callback?: Callback) => net.Socket | undefined;
type Callback = (err: Error | null, socket?: net.Socket) => void;
interface ConnectOptions {
  host?: string;
  hostname?: string;
  lookup?: unknown;
}

/**
 * An agent's connection through the guard: a name is resolved by the guard's lookup (checked addresses only);
 * a canonical IP literal, which Node connects to without any lookup, is checked here first.
 */
function guardedCreate(guard: OutboundGuard, create: CreateConnection, agent: http.Agent) {
  return (options: ConnectOptions, callback?: Callback) => {
    const host = options.host ?? options.hostname ?? 'localhost';
    if (net.isIP(host)) {
      try {
        guard.check(host, host);
      } catch (err) {
        noteBlocked(err);
        // The agent's own callback: the request fails with this error, no socket is opened.
        callback?.(err as Error);
        return undefined;
      }
    }
    const lookup: typeof guard.lookup = (hostname, opts, cb) =>
      guard.lookup(hostname, opts, (err, address, family) => {
        noteBlocked(err);
        cb(err, address, family);
      });
    return create.call(agent, { ...options, lookup }, callback);
  };
}

/**
 * SDKs wrap a socket's error in their own (腾讯云's TencentCloudSDKHttpException keeps only the text): the
 * refusal is noted in the call's async context and thrown as itself by `surfaceBlocked`, so a blocked address
 * reads as blocked, not as a network error.
 */
const seen = new AsyncLocalStorage<{ blocked: OutboundBlocked | null }>();
function noteBlocked(err: unknown) {
  const box = seen.getStore();
  if (box && err instanceof OutboundBlocked) box.blocked ??= err;
}

export async function surfaceBlocked<T>(fn: () => Promise<T>): Promise<T> {
  const box = { blocked: null as OutboundBlocked | null };
  try {
    return await seen.run(box, fn);
  } catch (err) {
    throw box.blocked ?? err;
  }
}

/** A keep-alive agent for an SDK that takes one (腾讯云's httpProfile.agent): every socket it opens is guarded. */
export function guardedAgent(guard: OutboundGuard, protocol: 'http' | 'https'): http.Agent {
  const agent =
    protocol === 'https' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const create = (agent as unknown as { createConnection: CreateConnection }).createConnection;
  (agent as unknown as { createConnection: CreateConnection }).createConnection = guardedCreate(
    guard,
    create,
    agent,
  );
  return agent;
}

/**
 * For an SDK that takes no agent (阿里云's @alicloud/openapi-core sends through httpx's own module-level agents):
 * while `fn` runs, every http(s).Agent connection opened in its async context goes through `guard`. Installed
 * once on the agents' prototypes; outside a guarded scope they behave as Node's own.
 */
const scope = new AsyncLocalStorage<OutboundGuard>();
let installed = false;

function installScopedGuard() {
  if (installed) return;
  installed = true;
  for (const proto of [http.Agent.prototype, https.Agent.prototype] as unknown as {
    createConnection: CreateConnection;
  }[]) {
    const original = proto.createConnection;
    proto.createConnection = function (this: http.Agent, options: ConnectOptions, callback?: Callback) {
      const guard = scope.getStore();
      if (!guard) return original.call(this, options, callback);
      return guardedCreate(guard, original, this)(options, callback);
    };
  }
}

export function withOutboundGuard<T>(guard: OutboundGuard, fn: () => Promise<T>): Promise<T> {
  installScopedGuard();
  return surfaceBlocked(() => scope.run(guard, fn));
}

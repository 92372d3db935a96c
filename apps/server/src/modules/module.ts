import type { FastifyInstance } from 'fastify';
import type { Services } from '../http/context.ts';
import type { FileStore } from '../lib/file-store.ts';
import type { LoginKey } from './platform/auth/index.ts';
import type { ProfileCache } from './platform/profile/index.ts';

/** What every module receives when it registers: the shared services and the few process-wide objects. */
export interface ModuleDeps {
  loginKey: LoginKey;
  profiles: ProfileCache;
  /** Where uploaded images are written (local folder, or `uploads/` of the S3 bucket); served under /uploads/. */
  uploads: FileStore;
  /** Shared services (database, jobs, scheduler, kv, gateways). */
  services: Services;
}

/**
 * The one shape of a module's entry, exported from its index.ts: register routes, jobs, sweeps, and the hooks
 * it contributes to other modules (never reach into their files).
 */
export type RegisterModule = (app: FastifyInstance, deps: ModuleDeps) => void | Promise<void>;

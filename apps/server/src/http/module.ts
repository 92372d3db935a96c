import type { FrontInfo } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../lib/file-store.ts';
import type { Services } from './context.ts';

/**
 * The login key as modules use it: the public half for the browser, decryption of a password it encrypted.
 * modules/platform/auth implements it (LoginKey); declared here, below the modules, so that the shape every
 * module registers with does not import the auth module that itself registers with it.
 */
export interface PasswordKey {
  readonly publicPem: string;
  /** base64 RSA-OAEP(SHA-256) ciphertext → the UTF-8 password (a 400 when it is not one). */
  decrypt(b64: string): string;
}

/** A cached profile: the value and its pre-serialised UTF-8 JSON. */
export interface CachedProfile {
  v: FrontInfo;
  json: Buffer;
  exp: number;
}

/**
 * The per-token profile cache (modules/platform/profile implements it as ProfileCache). The app holds it to
 * clear it when users, grants or menus change; the profile module reads and fills it.
 */
export interface ProfileStore {
  clear(): void;
  get(key: string): CachedProfile | undefined;
  load(key: string, loader: () => Promise<FrontInfo>): Promise<CachedProfile>;
}

/** What every module receives when it registers: the shared services and the few process-wide objects. */
export interface ModuleDeps {
  loginKey: PasswordKey;
  profiles: ProfileStore;
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

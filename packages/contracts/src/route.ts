import type { z } from 'zod';
import type { OpenSpec } from './open-platform/spec.ts';

/**
 * A route is declared once here: the server registers and enforces it, the OpenAPI document is generated
 * from it, and the web client takes its types from it.
 *
 * permission:
 *  - 'public'         no token needed
 *  - 'authenticated'  any logged-in user (own profile, own password)
 *  - '<menuCode>' or '<menuCode>:btn_<action>'  a menu or element code the user's groups must grant
 */
export type Permission = 'public' | 'authenticated' | (string & {});
/** One code, or several of which any one suffices (a tree shared by two pages, a picker inside another page). */
export type RoutePermission = Permission | readonly string[];

/** The codes a route accepts; empty for 'public' and 'authenticated'. */
export function permissionCodes(p: RoutePermission): readonly string[] {
  if (typeof p !== 'string') return p;
  return p === 'public' || p === 'authenticated' ? [] : [p];
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteContract<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  permission: RoutePermission;
  summary: string;
  tag: string;
  query?: Q;
  body?: B;
  params?: P;
  reply?: R;
  /** Request body encoding; json by default. */
  consumes?: 'json' | 'form' | 'multipart';
  /** Reply is a file download rather than JSON. */
  produces?: 'json' | 'file';
  /**
   * Rate budget (apps/server/src/plugins/rate-limit.ts). Every public write is limited per IP whatever this says;
   * true adds the per-account limit of credential and code endpoints (login, codes, sign-up), 'events' gives
   * telemetry its own larger, still bounded, per-IP budget.
   */
  rateLimited?: boolean | 'events';
  /** Largest request body in bytes, when the route wants less than the server's default. */
  bodyLimit?: number;
  /** Only platform accounts (isSuperAdmin 2/3) may call it, whatever their grants. */
  platformOnly?: boolean;
  /** A public route that takes the OAuth client's Basic credential (clientId:clientSecret) instead of a token. */
  clientCredential?: boolean;
  /**
   * Statuses besides 200 the route answers on purpose with its reply schema (readiness: 503 when not ready),
   * each with what it means; the OpenAPI document lists them.
   */
  otherReplies?: Record<number, string>;
  /**
   * A status poll: a cheap read a page repeats every few seconds while it waits (the buyer's order or request
   * progress). The server leaves it out of its load measurement (apps/server/src/jobs/api-load.ts), so a few
   * waiting phones never make it think it is busy and hold back the background work real submissions wait on.
   * Rate limits still apply as declared.
   */
  poll?: boolean;
  /**
   * Opens the route to outside systems under /openapi/v1 (issue 32; packages/contracts/src/open-platform/spec.ts):
   * the server registers it a second time there with the same handler, for an actor built for the enterprise the
   * signed call names; the open OpenAPI document, the interface registry and the docs derive from it.
   */
  open?: OpenSpec;
}

export type RateBudget = 'credentials' | 'events' | 'public-write';

/** Which budget limits a route; null when none does (reads, and writes that need a login without rateLimited). */
export function rateBudgetOf(
  c: Pick<RouteContract, 'method' | 'permission' | 'rateLimited'>,
): RateBudget | null {
  if (c.rateLimited === 'events') return 'events';
  if (c.rateLimited) return 'credentials';
  return c.permission === 'public' && c.method !== 'GET' ? 'public-write' : null;
}

export function defineRoute<
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  P extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodUnknown,
>(c: RouteContract<Q, B, P, R>): RouteContract<Q, B, P, R> {
  return c;
}

export type QueryOf<C> = C extends RouteContract<infer Q, any, any, any> ? z.infer<Q> : never;
export type BodyOf<C> = C extends RouteContract<any, infer B, any, any> ? z.infer<B> : never;
export type ParamsOf<C> = C extends RouteContract<any, any, infer P, any> ? z.infer<P> : never;
export type ReplyOf<C> = C extends RouteContract<any, any, any, infer R> ? z.infer<R> : never;

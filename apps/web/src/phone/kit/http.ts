import type { RouteContract } from '@fpy/contracts';
import type { z } from 'zod';

/**
 * The phone pages' HTTP client: the same contracts as the console's call(), without its i18next, error dialogs
 * and session handling, so a phone downloads a few hundred bytes instead of them. The route's method and path come
 * from a zod-free contracts file (e.g. `@fpy/contracts/buyer-pages`; no zod at run time), its types from the full
 * contract, imported as a type only: `lightCall<typeof getBuyerLink>(BUYER_API.link, { params: { code } })`.
 */
export class LightApiError extends Error {
  constructor(
    /** HTTP status; 0 when no reply came (offline, timeout). */
    readonly httpStatus: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'LightApiError';
  }
}

type In<T> = T extends z.ZodType ? z.input<T> : never;
type Out<T> = T extends z.ZodType ? z.output<T> : never;
type AnyRoute = RouteContract<any, any, any, any>;

export interface LightOptions<C extends AnyRoute> {
  params?: C extends RouteContract<any, any, infer P, any> ? In<P> : never;
  query?: C extends RouteContract<infer Q, any, any, any> ? In<Q> : never;
  body?: C extends RouteContract<any, infer B, any, any> ? In<B> : never;
  /** The page's language: the server words its refusals in it. */
  lang: 'zh' | 'en';
}

export type LightReply<C extends AnyRoute> = C extends RouteContract<any, any, any, infer R> ? Out<R> : never;

/** `/a/{code}/b` with the parameters filled in and encoded, plus the query string. */
export function lightUrl(
  route: { path: string },
  params: object = {},
  query: Record<string, string | number | undefined> = {},
): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown>)[name] ?? '')),
  );
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

const TIMEOUT_MS = 30_000;

export async function lightCall<C extends AnyRoute>(
  route: { method: string; path: string },
  opts: LightOptions<C>,
): Promise<LightReply<C>> {
  const headers: Record<string, string> = {
    'X-Locale': opts.lang === 'en' ? 'en-US' : 'zh-CN',
    'Accept-Language': opts.lang === 'en' ? 'en' : 'zh-CN',
  };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(lightUrl(route, opts.params, opts.query as Record<string, string>), {
      method: route.method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (cause) {
    throw new LightApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : String(cause));
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (res.ok) return body as LightReply<C>;
  const err = (body ?? {}) as { code?: unknown; message?: unknown };
  throw new LightApiError(
    res.status,
    typeof err.code === 'string' ? err.code : `HTTP_${res.status}`,
    typeof err.message === 'string' ? err.message : res.statusText,
  );
}

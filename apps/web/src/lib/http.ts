import type { RouteContract } from '@fpy/contracts';
import i18n from 'i18next';
import type { z } from 'zod';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '@fpy/contracts/session';
import { showApiError } from './http-errors.ts';
import { hasToken } from './session.ts';

/** Spec §7/§9: every request may take up to 10 minutes (large exports, batch issuing). */
export const REQUEST_TIMEOUT_MS = 600_000;
/** Spec §7: anonymous calls carry the fixed client credential webApp:webApp. */
export const CLIENT_BASIC = `Basic ${btoa('webApp:webApp')}`;

/** Every failed call rejects with this: HTTP status, the body's numeric status, its stable code and message. */
export class ApiError extends Error {
  constructor(
    /** HTTP status, 0 when the request never got a reply (network, timeout, abort). */
    readonly httpStatus: number,
    /** Numeric status from the body (40101, 30101 …), else the HTTP status. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Scalar = string | number | boolean | null | undefined | Date;
export type QueryValue = Scalar | Scalar[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: object;
  body?: unknown;
  headers?: Record<string, string>;
  /** Body encoding; a FormData body is always sent as multipart. */
  consumes?: 'json' | 'form' | 'multipart';
  /**
   * Skip the shared error display for a call whose page shows its own message (login, tracking).
   * The promise still rejects with an ApiError.
   */
  silent?: boolean;
  signal?: AbortSignal;
  /** Resolve with the raw Response instead of parsed JSON (downloads). */
  raw?: boolean;
}

// Callers pass what the schema accepts (defaults optional), and get what it produces.
type InputOf<T> = T extends z.ZodType ? z.input<T> : never;
export type CallQuery<C> = C extends RouteContract<infer Q, any, any, any> ? InputOf<Q> : never;
export type CallBody<C> = C extends RouteContract<any, infer B, any, any> ? InputOf<B> : never;
export type CallParams<C> = C extends RouteContract<any, any, infer P, any> ? InputOf<P> : never;
export type CallReply<C> = C extends RouteContract<any, any, any, infer R> ? z.output<R> : never;

export interface CallOptions<C> {
  query?: CallQuery<C>;
  body?: CallBody<C> | FormData;
  params?: CallParams<C>;
  headers?: Record<string, string>;
  silent?: boolean;
  signal?: AbortSignal;
}

/** Call a route declared in @fpy/contracts: path params substituted, body encoded as the route consumes. */
export function call<C extends RouteContract<any, any, any, any>>(
  route: C,
  opts: CallOptions<C> = {},
): Promise<CallReply<C>> {
  const url = fillPath(route.path, (opts.params ?? {}) as Record<string, unknown>);
  return request(route.method, url, {
    query: opts.query as object | undefined,
    body: opts.body,
    headers: opts.headers,
    consumes: route.consumes,
    silent: opts.silent,
    signal: opts.signal,
  }) as Promise<CallReply<C>>;
}

type Contracts = typeof import('@fpy/contracts/routes');
/** The names of every route @fpy/contracts exports. */
export type RouteName = {
  [K in keyof Contracts]: Contracts[K] extends RouteContract<any, any, any, any> ? K : never;
}[keyof Contracts];

/**
 * call() by the route's name, for code that runs before any console chunk loads — the login page, the public
 * pages, the shell's first requests. The routes are fetched on first use instead of with the page, which keeps
 * the login page inside its budget: in the console's build they are light objects without zod (method, path,
 * permission; apps/web/vite/contracts-for-web.ts); the call is typed by the contract all the same. Pages inside
 * the console import the contract and use call().
 */
export async function callLazy<K extends RouteName>(
  name: K,
  opts: CallOptions<Contracts[K]> = {},
): Promise<CallReply<Contracts[K]>> {
  const contracts = await import('@fpy/contracts/routes');
  const route = contracts[name] as unknown as RouteContract<any, any, any, any>;
  return call(route, opts as CallOptions<typeof route>) as Promise<CallReply<Contracts[K]>>;
}

export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}|:(\w+)/g, (_, a: string | undefined, b: string | undefined) => {
    const name = (a ?? b) as string;
    const value = params[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export const http = {
  get: <T = any>(url: string, opts?: RequestOptions) => request<T>('GET', url, opts),
  post: <T = any>(url: string, opts?: RequestOptions) => request<T>('POST', url, opts),
  put: <T = any>(url: string, opts?: RequestOptions) => request<T>('PUT', url, opts),
  patch: <T = any>(url: string, opts?: RequestOptions) => request<T>('PATCH', url, opts),
  delete: <T = any>(url: string, opts?: RequestOptions) => request<T>('DELETE', url, opts),
};

type AnyRoute = RouteContract<any, any, any, any>;

export interface DownloadOptions<C> extends CallOptions<C> {
  /** Saved under this name; else the name the server's Content-Disposition gives. */
  filename?: string;
}

/**
 * Fetch a file route declared in @fpy/contracts (export, template, layout file) with the session's credentials
 * and resolve with the raw Response; errors reject with ApiError like call().
 */
export function fetchFile<C extends AnyRoute>(route: C, opts: CallOptions<C> = {}): Promise<Response> {
  const url = fillPath(route.path, (opts.params ?? {}) as Record<string, unknown>);
  return request(route.method, url, {
    query: opts.query as object | undefined,
    body: opts.body,
    headers: opts.headers,
    consumes: route.consumes,
    silent: opts.silent,
    signal: opts.signal,
    raw: true,
  }) as Promise<Response>;
}

/** Fetch a file route and hand it to the browser as a download (spec §7: exports take the list's filters). */
export async function download<C extends AnyRoute>(route: C, opts: DownloadOptions<C> = {}): Promise<void> {
  const res = await fetchFile(route, opts);
  saveBlob(
    await res.blob(),
    opts.filename ?? filenameFrom(res.headers.get('content-disposition')) ?? 'download',
  );
}

/** Hand a blob to the browser as a file named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoking synchronously can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export function filenameFrom(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1];
}

export function toQueryString(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      params.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function toFormData(body: unknown): FormData {
  if (body instanceof FormData) return body;
  const data = new FormData();
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      data.append(key, item instanceof Blob ? item : String(item));
    }
  }
  return data;
}

function encodeBody(
  body: unknown,
  consumes: RequestOptions['consumes'],
  headers: Headers,
): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || consumes === 'multipart') return toFormData(body);
  if (consumes === 'form') {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    return toQueryString(body as object).slice(1);
  }
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function bodyStatus(body: unknown): number | undefined {
  const status = (body as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

async function request<T>(method: string, url: string, opts: RequestOptions = {}): Promise<T> {
  const headers = new Headers(opts.headers);
  // The session cookie travels by itself; the console header proves this request came from our own script
  // (a cookie without it is refused). Without a session the fixed client credential is sent (spec §7).
  headers.set(CONSOLE_HEADER, CONSOLE_HEADER_VALUE);
  if (!headers.has('Authorization') && !hasToken()) headers.set('Authorization', CLIENT_BASIC);
  // The server words every refusal in the console's language: X-Locale is the user's own choice and wins over
  // the browser's Accept-Language (the server falls back to that, then to Chinese).
  const en = i18n.language?.startsWith('en');
  headers.set('Accept-Language', en ? 'en' : 'zh-CN');
  headers.set('X-Locale', en ? 'en-US' : 'zh-CN');
  const payload = encodeBody(opts.body, opts.consumes, headers);

  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  );
  opts.signal?.addEventListener('abort', () => controller.abort(opts.signal?.reason));

  let res: Response;
  try {
    res = await fetch(url + toQueryString(opts.query), {
      method,
      headers,
      body: payload,
      signal: controller.signal,
    });
  } catch (cause) {
    // Spec §8 "any other error": rejected with no message shown.
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ApiError(0, 0, controller.signal.aborted ? 'TIMEOUT_OR_ABORTED' : 'NETWORK_ERROR', reason);
  } finally {
    clearTimeout(timer);
  }

  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  if (opts.raw && res.ok && !isJson) return res as T;
  const body = await readBody(res);
  const status = bodyStatus(body);
  // The legacy body statuses win even over HTTP 200: a 200 carrying 40101 is still a logout.
  const legacyFailure = status === 40101 || status === 30101;
  if ((res.ok || status === 200) && !legacyFailure) {
    if (opts.raw) return new Response(JSON.stringify(body), { headers: res.headers }) as T;
    return body as T;
  }

  const err = body as { code?: unknown; message?: unknown } | undefined;
  const error = new ApiError(
    res.status,
    status ?? res.status,
    typeof err?.code === 'string' ? err.code : `HTTP_${res.status}`,
    typeof err?.message === 'string' ? err.message : typeof body === 'string' ? body : res.statusText,
    body,
  );
  if (!opts.silent) showApiError(error, hasToken());
  throw error;
}

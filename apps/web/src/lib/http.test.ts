import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

const shown = vi.hoisted(() => vi.fn());
vi.mock('./http-errors.ts', () => ({ showApiError: shown }));

const { ApiError, call, callLazy, fetchFile, http } = await import('./http.ts');

type Reply = { status?: number; body?: unknown };
let replies: Reply[] = [];
const requests: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  replies = [];
  requests.length = 0;
  shown.mockClear();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    const r = replies.shift() ?? { status: 200, body: {} };
    return new Response(JSON.stringify(r.body ?? {}), {
      status: r.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

const header = (i: number, name: string) => new Headers(requests[i].init.headers).get(name);

describe('shared HTTP client (spec §7)', () => {
  test('call() fills path params, appends the query and sends JSON', async () => {
    const route = {
      method: 'PUT',
      path: '/api/x/{id}',
      permission: 'authenticated',
      summary: '',
      tag: '',
    } as const;
    await call(route as never, {
      params: { id: 7 } as never,
      query: { a: 1, b: [2, 3], c: undefined } as never,
      body: { n: 1 } as never,
    });
    expect(requests[0].url).toBe('/api/x/7?a=1&b=2&b=3');
    expect(requests[0].init.method).toBe('PUT');
    expect(requests[0].init.body).toBe('{"n":1}');
    expect(header(0, 'content-type')).toBe('application/json');
  });

  test('form routes are url-encoded; without a token the client credential is sent', async () => {
    await http.post('/api/auth/oauth/token', {
      consumes: 'form',
      body: { username: 'a b', grant_type: 'password' },
    });
    expect(requests[0].init.body).toBe('username=a+b&grant_type=password');
    expect(header(0, 'authorization')).toBe(`Basic ${btoa('webApp:webApp')}`);
  });

  test('every call carries the console header that makes the HttpOnly session cookie count (CSRF)', async () => {
    await http.get('/api/a');
    await http.post('/api/b', { body: {} });
    expect(header(0, 'x-requested-with')).toBe('fpy-console');
    expect(header(1, 'x-requested-with')).toBe('fpy-console');
  });

  test('a 400 rejects with the server code and message and goes through the one display policy', async () => {
    replies.push({ status: 400, body: { status: 400, code: 'BAD', message: '不对' } });
    const err = await http.get('/api/y').catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ httpStatus: 400, status: 400, code: 'BAD', message: '不对' });
    expect(shown).toHaveBeenCalledTimes(1);
  });

  test('silent calls still reject but show nothing', async () => {
    replies.push({ status: 500, body: { status: 500, code: 'X', message: 'boom' } });
    await expect(http.get('/api/y', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(shown).not.toHaveBeenCalled();
  });

  test('body status 40101 is a logout even on HTTP 200; body status 200 is a success', async () => {
    replies.push({ status: 200, body: { status: 40101, code: 'TOKEN', message: 'expired' } });
    await expect(http.get('/api/y')).rejects.toMatchObject({ status: 40101 });
    replies.push({ status: 500, body: { status: 200, data: 1 } });
    await expect(http.get('/api/y')).resolves.toEqual({ status: 200, data: 1 });
  });

  test('a network failure rejects without any message', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http.get('/api/y')).rejects.toMatchObject({ httpStatus: 0, code: 'NETWORK_ERROR' });
    expect(shown).not.toHaveBeenCalled();
  });

  test('fetchFile() takes method, path params and query from the contract and resolves with the Response', async () => {
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return new Response('%PDF', { status: 200, headers: { 'content-type': 'application/pdf' } });
    });
    const route = {
      method: 'GET',
      path: '/api/inv/{id}/files/{format}',
      permission: 'authenticated',
      summary: '',
      tag: '',
    } as const;
    const res = await fetchFile(route as never, {
      params: { id: 9, format: 'pdf' } as never,
      query: { a: 1 } as never,
    });
    expect(requests[0].url).toBe('/api/inv/9/files/pdf?a=1');
    expect(requests[0].init.method).toBe('GET');
    expect(await res.text()).toBe('%PDF');
  });

  test('callLazy() calls the named contract: its method, path and body encoding', async () => {
    replies.push({ body: { access_token: 't', token_type: 'bearer', expires_in: 1, userId: 1 } });
    await callLazy('issueToken', { body: { username: 'a', password: 'p', grant_type: 'password' } });
    expect(requests[0].url).toBe('/api/auth/oauth/token');
    expect(requests[0].init.method).toBe('POST');
    expect(requests[0].init.body).toBe('username=a&password=p&grant_type=password');
  });
});

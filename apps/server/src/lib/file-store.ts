import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import type { Config } from '../config.ts';
import { EMPTY_SHA256, type SigV4Credentials, sha256Hex, signV4, uriEncode } from './sigv4.ts';

/**
 * Where generated files (invoice PDFs and XMLs) live: a folder by default, an S3-compatible bucket when
 * configured. Keys are relative paths with '/' separators such as `invoices/3/42.pdf`.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys come from our own code, but a `..` or absolute key must never reach outside the store. */
function checkKey(key: string): string {
  if (!key || key.startsWith('/') || key.split('/').some((p) => p === '' || p === '.' || p === '..'))
    throw new Error(`invalid file store key: ${key}`);
  return key;
}

export class LocalFileStore implements FileStore {
  readonly kind = 'local';
  constructor(readonly root: string) {}

  private path(key: string) {
    const p = resolve(this.root, ...checkKey(key).split('/'));
    if (!p.startsWith(resolve(this.root) + sep)) throw new Error(`invalid file store key: ${key}`);
    return p;
  }

  async put(key: string, bytes: Uint8Array, _contentType?: string) {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    // Write aside then rename: a reader never sees half a file, and concurrent renders of one key both succeed.
    const tmp = `${p}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, p);
  }

  async get(key: string) {
    try {
      return await readFile(this.path(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string) {
    await unlink(this.path(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}

export interface S3Options extends SigV4Credentials {
  /** e.g. https://s3.example.com or http://127.0.0.1:9000; a path prefix is kept. */
  endpoint: string;
  bucket: string;
  /** Tests inject a fake; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** Path-style S3 (`<endpoint>/<bucket>/<key>`): works with MinIO and every S3-compatible store without DNS tricks. */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  private readonly base: URL;
  private readonly doFetch: typeof fetch;
  constructor(private readonly opts: S3Options) {
    this.base = new URL(opts.endpoint);
    this.doFetch = opts.fetch ?? fetch;
  }

  private url(key: string) {
    const u = new URL(this.base);
    const prefix = u.pathname.replace(/\/+$/, '');
    u.pathname = `${prefix}/${uriEncode(this.opts.bucket)}/${checkKey(key).split('/').map(uriEncode).join('/')}`;
    return u;
  }

  private async send(method: string, key: string, body?: Uint8Array, contentType?: string) {
    const url = this.url(key);
    const signed = signV4(
      {
        method,
        url,
        headers: contentType ? { 'content-type': contentType } : {},
        payloadHash: body ? sha256Hex(body) : EMPTY_SHA256,
      },
      this.opts,
    );
    // fetch sets Host itself (it is a forbidden request header); the signed value is the same url.host.
    const { host: _host, ...headers } = signed.headers;
    return this.doFetch(url, { method, headers, body: body ? Buffer.from(body) : undefined });
  }

  private static async fail(what: string, key: string, res: Response): Promise<never> {
    const text = (await res.text().catch(() => '')).slice(0, 300);
    throw new Error(`S3 ${what} ${key} failed: HTTP ${res.status} ${text}`);
  }

  async put(key: string, bytes: Uint8Array, contentType: string) {
    const res = await this.send('PUT', key, bytes, contentType);
    if (!res.ok) await S3FileStore.fail('PUT', key, res);
    await res.arrayBuffer();
  }

  async get(key: string) {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) await S3FileStore.fail('GET', key, res);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string) {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) await S3FileStore.fail('DELETE', key, res);
    await res.arrayBuffer();
  }
}

/**
 * The store the configuration asks for. An in-memory database (tests) keeps its files in a fresh temporary
 * folder, never in the working tree.
 */
export function fileStoreFor(config: Config): FileStore {
  if (config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY)
    return new S3FileStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      region: config.S3_REGION,
    });
  const root = config.dataDir.startsWith('memory://')
    ? mkdtempSync(join(tmpdir(), 'fpy-files-'))
    : join(config.dataDir, 'files');
  return new LocalFileStore(root);
}

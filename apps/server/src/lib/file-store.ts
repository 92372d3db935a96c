import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import type { Config } from '../config.ts';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

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

export interface S3Options {
  /** e.g. https://s3.example.com or http://127.0.0.1:9000; requests are path-style (`<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** The SDK's "no such object" in its several spellings (typed NoSuchKey, or a bare 404 from smaller servers). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    err instanceof NoSuchKey ||
    e?.name === 'NoSuchKey' ||
    e?.name === 'NotFound' ||
    e?.$metadata?.httpStatusCode === 404
  );
}

/**
 * S3 through the official SDK (`@aws-sdk/client-s3`): signing, retries and error parsing are the SDK's.
 * Path-style addressing works with AWS, MinIO, Ceph and the OSS/COS S3 endpoints without DNS tricks, so every
 * server process sees the same files (several instances behind a load balancer share this bucket).
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: true,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // Checksums only when the operation needs one: S3-compatible servers do not all know the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private static fail(what: string, key: string, err: unknown): never {
    const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    throw new Error(
      `S3 ${what} ${key} failed: HTTP ${e?.$metadata?.httpStatusCode ?? '?'} ${e?.name ?? ''} ${e?.message ?? ''}`.trim(),
      { cause: err },
    );
  }

  async put(key: string, bytes: Uint8Array, contentType: string) {
    await this.client
      .send(
        new PutObjectCommand({
          Bucket: this.opts.bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      )
      .catch((err) => S3FileStore.fail('PUT', key, err));
  }

  async get(key: string) {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.opts.bucket, Key: checkKey(key) }),
      );
      if (!res.Body) return Buffer.alloc(0);
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      if (isMissing(err)) return null;
      return S3FileStore.fail('GET', key, err);
    }
  }

  async delete(key: string) {
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: checkKey(key) }))
      .catch((err) => (isMissing(err) ? undefined : S3FileStore.fail('DELETE', key, err)));
  }

  /** Closes the SDK's keep-alive sockets (tests, shutdown). */
  close() {
    this.client.destroy();
  }
}

/**
 * A view of another store under a key prefix (`uploads/` of the bucket the invoice files use), so one bucket
 * holds both without a key of one ever naming a file of the other.
 */
export class PrefixedFileStore implements FileStore {
  constructor(
    private readonly inner: FileStore,
    private readonly prefix: string,
  ) {}
  get kind() {
    return this.inner.kind;
  }
  put(key: string, bytes: Uint8Array, contentType: string) {
    return this.inner.put(this.prefix + checkKey(key), bytes, contentType);
  }
  get(key: string) {
    return this.inner.get(this.prefix + checkKey(key));
  }
  delete(key: string) {
    return this.inner.delete(this.prefix + checkKey(key));
  }
}

/**
 * Where uploaded images (logos, title images, menu icons, seals) live: `uploads/` of the S3 bucket when S3 is
 * configured, so every instance writes and serves the same objects; else the local `uploadsDir`, as before.
 */
export function uploadsStoreFor(config: Config, uploadsDir: string): FileStore {
  const s3 = s3OptionsOf(config);
  return s3 ? new PrefixedFileStore(new S3FileStore(s3), 'uploads/') : new LocalFileStore(uploadsDir);
}

/** The S3 settings when all four variables are set (config.ts refuses a partial set). */
function s3OptionsOf(config: Config): S3Options | null {
  if (!(config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY))
    return null;
  return {
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    region: config.S3_REGION,
  };
}

/**
 * The store the configuration asks for. An in-memory database (tests) keeps its files in a fresh temporary
 * folder, never in the working tree.
 */
export function fileStoreFor(config: Config): FileStore {
  const s3 = s3OptionsOf(config);
  if (s3) return new S3FileStore(s3);
  const root = config.dataDir.startsWith('memory://')
    ? mkdtempSync(join(tmpdir(), 'fpy-files-'))
    : join(config.dataDir, 'files');
  return new LocalFileStore(root);
}

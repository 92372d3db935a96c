import { createInflateRaw } from 'node:zlib';
import { local, UPLOAD_LABELS_EN } from '@fpy/contracts';
import { type AppError, badRequest } from './errors.ts';

/**
 * One guard for every ZIP archive the product opens (.xlsx imports today, ZIPs of invoice files next; issue 28
 * §4). A 1 MB upload may declare — or hide — a gigabyte: libraries such as exceljs/JSZip inflate every entry
 * into memory before they look at it. So, before any library opens the file:
 *  1. the central directory is read (headers only, no inflating): entry count, declared sizes, compression
 *     ratio, methods and flags are checked against the limits — an honest bomb is refused here, in microseconds;
 *  2. every entry is then inflated as a stream whose output is counted and thrown away (bounded memory, a few
 *     chunks), stopped as soon as it passes the size its header declared — a bomb that lies about its sizes is
 *     refused after at most the declared bytes, which step 1 already bounded.
 * Only an archive that passed both reaches the library, which then inflates no more than was declared.
 */

export interface ArchiveLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Sum of the declared uncompressed sizes. */
  maxTotalBytes: number;
  /** Uncompressed / compressed, checked for entries larger than RATIO_FLOOR (tiny files compress anything). */
  maxRatio: number;
}

/** A workbook of MAX_IMPORT_ROWS typed rows unpacks to a few MB (a 5,000-row 批量开具 file: about 2 MB, ratio ≈ 8). */
export const XLSX_LIMITS: ArchiveLimits = {
  maxEntries: 1000,
  maxTotalBytes: 100 * 1024 * 1024,
  maxRatio: 200,
};

/** Below this an entry's ratio says nothing (1 KB of zeros in 20 bytes is a normal empty sheet part). */
const RATIO_FLOOR = 1024 * 1024;

export type ArchiveProblem =
  | 'malformed'
  | 'unsupported'
  | 'entries'
  | 'too_large'
  | 'ratio'
  | 'size_mismatch';

/** What the archive was refused for, before it is worded for a request (guardArchive). */
export class ArchiveRefusal extends Error {
  constructor(
    readonly problem: ArchiveProblem,
    readonly detail = '',
  ) {
    super(`archive refused: ${problem}${detail ? ` (${detail})` : ''}`);
    this.name = 'ArchiveRefusal';
  }
}

export interface ArchiveEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's compressed bytes start in the file. */
  dataStart: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_LOCATOR = 0x07064b50;
const STORED = 0;
const DEFLATED = 8;

/** The end-of-central-directory record: searched backwards over at most its size plus the longest comment. */
function findEnd(data: Buffer): number {
  const stop = Math.max(0, data.length - 22 - 0xffff);
  for (let i = data.length - 22; i >= stop; i--) if (data.readUInt32LE(i) === EOCD) return i;
  throw new ArchiveRefusal('malformed', 'no end of central directory');
}

/**
 * Step 1: the entries as the central directory declares them, checked against `limits` before anything is
 * inflated. Strict where lenient readers guess (prepended bytes, ZIP64, several disks, encryption, other
 * methods): an upload that needs a guess is refused rather than read differently here and in the library.
 */
export function readCentralDirectory(data: Buffer, limits: ArchiveLimits): ArchiveEntry[] {
  if (data.length < 22) throw new ArchiveRefusal('malformed', 'too short');
  const end = findEnd(data);
  if (end >= 20 && data.readUInt32LE(end - 20) === ZIP64_LOCATOR)
    throw new ArchiveRefusal('unsupported', 'zip64');
  const disk = data.readUInt16LE(end + 4);
  const cdDisk = data.readUInt16LE(end + 6);
  const onDisk = data.readUInt16LE(end + 8);
  const count = data.readUInt16LE(end + 10);
  const cdSize = data.readUInt32LE(end + 12);
  const cdOffset = data.readUInt32LE(end + 16);
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count) throw new ArchiveRefusal('unsupported', 'multi-disk');
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
    throw new ArchiveRefusal('unsupported', 'zip64');
  if (count > limits.maxEntries) throw new ArchiveRefusal('entries', String(count));
  if (cdOffset + cdSize !== end) throw new ArchiveRefusal('malformed', 'central directory out of place');

  const entries: ArchiveEntry[] = [];
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > end || data.readUInt32LE(p) !== CENTRAL)
      throw new ArchiveRefusal('malformed', 'central entry');
    const flags = data.readUInt16LE(p + 8);
    const method = data.readUInt16LE(p + 10);
    const compressedSize = data.readUInt32LE(p + 20);
    const uncompressedSize = data.readUInt32LE(p + 24);
    const nameLength = data.readUInt16LE(p + 28);
    const extraLength = data.readUInt16LE(p + 30);
    const commentLength = data.readUInt16LE(p + 32);
    const localOffset = data.readUInt32LE(p + 42);
    const name = data.toString('utf8', p + 46, Math.min(end, p + 46 + nameLength));
    p += 46 + nameLength + extraLength + commentLength;
    if (p > end) throw new ArchiveRefusal('malformed', 'central entry');
    if (flags & 0x1) throw new ArchiveRefusal('unsupported', 'encrypted');
    if (method !== STORED && method !== DEFLATED) throw new ArchiveRefusal('unsupported', `method ${method}`);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localOffset === 0xffffffff)
      throw new ArchiveRefusal('unsupported', 'zip64');
    total += uncompressedSize;
    if (total > limits.maxTotalBytes) throw new ArchiveRefusal('too_large', `${total} bytes declared`);
    if (uncompressedSize > RATIO_FLOOR && uncompressedSize > compressedSize * limits.maxRatio)
      throw new ArchiveRefusal('ratio', name);
    if (method === STORED && compressedSize !== uncompressedSize)
      throw new ArchiveRefusal('size_mismatch', name);
    // The local header says where the data starts (its name and extra field may differ from the central ones).
    if (localOffset + 30 > cdOffset || data.readUInt32LE(localOffset) !== LOCAL)
      throw new ArchiveRefusal('malformed', 'local header');
    const dataStart =
      localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > cdOffset) throw new ArchiveRefusal('malformed', 'entry past its end');
    entries.push({ name, method, compressedSize, uncompressedSize, dataStart });
  }
  return entries;
}

/**
 * Step 2: inflates one entry with its output counted and discarded, stopped the moment it passes the declared
 * size. Memory stays at zlib's window and one chunk whatever the entry claims or holds.
 */
function inflateCounted(data: Buffer, e: ArchiveEntry): Promise<void> {
  if (e.method === STORED) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let produced = 0;
    let settled = false;
    const done = (err?: Error) => {
      if (settled) return;
      settled = true;
      if (err) {
        inflate.destroy();
        reject(err);
      } else resolve();
    };
    inflate.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > e.uncompressedSize) done(new ArchiveRefusal('size_mismatch', e.name));
    });
    inflate.on('error', () => done(new ArchiveRefusal('malformed', `${e.name} does not inflate`)));
    inflate.on('end', () =>
      done(produced === e.uncompressedSize ? undefined : new ArchiveRefusal('size_mismatch', e.name)),
    );
    inflate.end(data.subarray(e.dataStart, e.dataStart + e.compressedSize));
  });
}

/** Both steps, without any wording: for callers that are not answering a request. */
export async function inspectArchive(data: Buffer, limits: ArchiveLimits): Promise<ArchiveEntry[]> {
  const entries = readCentralDirectory(data, limits);
  for (const e of entries) await inflateCounted(data, e);
  return entries;
}

export interface GuardOptions {
  /** The Chinese name of what was uploaded (as lib/upload.ts takes it): Excel 文件, 压缩包. */
  label: string;
  /** The request field that carried the file, named in the refusal. */
  field: string;
  limits: ArchiveLimits;
  /** The caller's own wording for a file that is not a readable archive at all (e.g. "not an .xlsx"). */
  malformed?: () => AppError;
}

/**
 * Refuses a bomb or a broken archive with a 400 that names the file field, before any library opens it.
 * Returns the checked entries.
 */
export async function guardArchive(data: Buffer, o: GuardOptions): Promise<ArchiveEntry[]> {
  try {
    return await inspectArchive(data, o.limits);
  } catch (err) {
    if (!(err instanceof ArchiveRefusal)) throw err;
    const label = local(o.label, UPLOAD_LABELS_EN[o.label] ?? 'file');
    const at = { label, field: o.field };
    switch (err.problem) {
      case 'entries':
        throw badRequest('FILE_ARCHIVE_REFUSED.entries', { ...at, max: o.limits.maxEntries });
      case 'too_large':
        throw badRequest('FILE_ARCHIVE_REFUSED', {
          ...at,
          mb: Math.round(o.limits.maxTotalBytes / 1024 / 1024),
        });
      case 'ratio':
        throw badRequest('FILE_ARCHIVE_REFUSED.ratio', { ...at, ratio: o.limits.maxRatio });
      case 'size_mismatch':
        throw badRequest('FILE_ARCHIVE_REFUSED.size_mismatch', at);
      default:
        throw o.malformed?.() ?? badRequest('FILE_ARCHIVE_REFUSED.malformed', at);
    }
  }
}

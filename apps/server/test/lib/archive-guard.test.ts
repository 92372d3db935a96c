import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  type ArchiveLimits,
  ArchiveRefusal,
  inspectArchive,
  XLSX_LIMITS,
} from '../../src/lib/archive-guard.ts';
import { xlsxBomb, zipOf } from './archive-bomb.ts';

/**
 * The archive guard's own rules (issue 28 §4), on ZIPs built here: what the central directory gives away before
 * anything is inflated, and what only the counted inflate finds.
 */
const entry = (name: string, text: string, over: Partial<Parameters<typeof zipOf>[0][number]> = {}) => {
  const raw = Buffer.from(text);
  const data = deflateRawSync(raw);
  return {
    name,
    data,
    method: 8 as const,
    crc: crc32(raw),
    compressedSize: data.length,
    uncompressedSize: raw.length,
    ...over,
  };
};

async function problemOf(data: Buffer, limits: ArchiveLimits = XLSX_LIMITS) {
  try {
    await inspectArchive(data, limits);
    return 'accepted';
  } catch (err) {
    if (err instanceof ArchiveRefusal) return err.problem;
    throw err;
  }
}

describe('archive guard', () => {
  it('accepts an ordinary archive and lists its entries', async () => {
    const zip = zipOf([entry('a.xml', '<a/>'.repeat(100)), entry('b.xml', 'hello')]);
    const entries = await inspectArchive(zip, XLSX_LIMITS);
    expect(entries.map((e) => [e.name, e.uncompressedSize])).toEqual([
      ['a.xml', 400],
      ['b.xml', 5],
    ]);
  });

  it('refuses from the central directory: total size, entry count, ratio', async () => {
    expect(await problemOf(xlsxBomb('honest'))).toBe('too_large');
    const many = zipOf(Array.from({ length: 11 }, (_, i) => entry(`f${i}`, 'x')));
    expect(await problemOf(many, { ...XLSX_LIMITS, maxEntries: 10 })).toBe('entries');
    expect(await problemOf(xlsxBomb('honest', 4), XLSX_LIMITS)).toBe('ratio');
  });

  it('refuses an entry that inflates past, or short of, what it declares', async () => {
    expect(await problemOf(xlsxBomb('lying'))).toBe('size_mismatch');
    const short = zipOf([entry('a.xml', 'hello', { uncompressedSize: 50 })]);
    expect(await problemOf(short)).toBe('size_mismatch');
  });

  it('refuses what a reader would have to guess: encryption, other methods, zip64, broken or truncated files', async () => {
    const zip = zipOf([entry('a.xml', 'hello')]);
    const patchCentral = (offset: number, value: number, bytes: 2 | 4) => {
      const copy = Buffer.from(zip);
      const cd = copy.readUInt32LE(copy.length - 6);
      if (bytes === 2) copy.writeUInt16LE(value, cd + offset);
      else copy.writeUInt32LE(value, cd + offset);
      return copy;
    };
    expect(await problemOf(patchCentral(8, 0x0801, 2))).toBe('unsupported'); // encrypted flag
    expect(await problemOf(patchCentral(10, 14, 2))).toBe('unsupported'); // LZMA
    expect(await problemOf(patchCentral(24, 0xffffffff, 4))).toBe('unsupported'); // zip64 size
    expect(await problemOf(patchCentral(42, 9999, 4))).toBe('malformed'); // local header out of range
    expect(await problemOf(zip.subarray(0, zip.length - 30))).toBe('malformed');
    expect(await problemOf(Buffer.concat([Buffer.from('prepended'), zip]))).toBe('malformed');
    const garbage = zipOf([entry('a.xml', 'hello', { data: Buffer.from([0xff, 0xff, 0xff, 0xff]) })]);
    expect(await problemOf(garbage)).toBe('malformed');
  });
});

import { INTAKE_MAX_FILES, type IntakeItem, type IntakeReport, type MessageKey } from '@fpy/contracts';
import { unzipSync } from 'fflate';
import type { AuthedCtx } from '../../../../http/context.ts';
import {
  type ArchiveLimits,
  ArchiveRefusal,
  inspectArchive,
  readCentralDirectory,
} from '../../../../lib/archive-guard.ts';
import { badRequest } from '../../../../lib/errors.ts';
import type { Upload } from '../../../../lib/upload.ts';
import { ownTaxNumbers, ownTenant } from '../bureau.ts';
import {
  isOfd,
  MAX_FILE_BYTES,
  type ParsedInvoice,
  ParseRefusal,
  parseInvoiceFile,
  sniff,
} from '../parse/index.ts';
import { collectOne, itemOf, keyOfParsed } from './collect.ts';

/** A ZIP of invoice files: up to INTAKE_MAX_FILES files, each at most an invoice file's size. */
export const BATCH_LIMITS: ArchiveLimits = {
  maxEntries: INTAKE_MAX_FILES + 50, // folders count as entries
  maxTotalBytes: 200 * 1024 * 1024,
  maxRatio: 200,
};

const SKIP = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\.[^/]*$/.test(name);

/** The files of an upload: itself, or the entries of a ZIP that is not an OFD, checked before inflating. */
async function filesOf(upload: Upload): Promise<{ name: string; bytes: Uint8Array }[]> {
  const one = [{ name: upload.fileName, bytes: upload.data }];
  if (sniff(upload.data) !== 'zip') return one;
  let names: string[];
  try {
    names = readCentralDirectory(upload.data, BATCH_LIMITS).map((e) => e.name);
    if (isOfd(names)) return one;
    await inspectArchive(upload.data, BATCH_LIMITS);
  } catch (err) {
    if (!(err instanceof ArchiveRefusal)) throw err;
    throw badRequest('INTAKE_FILE.archive_refused', { file: upload.fileName, max: INTAKE_MAX_FILES });
  }
  const wanted = names.filter((n) => !SKIP(n));
  if (wanted.length > INTAKE_MAX_FILES)
    throw badRequest('INTAKE_FILE.archive_refused', { file: upload.fileName, max: INTAKE_MAX_FILES });
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(upload.data, { filter: (f) => !SKIP(f.name) });
  } catch {
    throw badRequest('INTAKE_FILE.archive_refused', { file: upload.fileName, max: INTAKE_MAX_FILES });
  }
  return wanted.map((name) => ({ name, bytes: files[name] })).filter((f) => f.bytes);
}

/**
 * 上传进项发票: every file read, checked and recorded on its own (issue 31 §2, §5) — a broken, foreign, unknown
 * or altered file is refused with its reason and name, the rest of the batch goes through; the same invoice
 * twice in one upload is recorded once.
 */
export async function uploadReceivedFilesVerb(ctx: AuthedCtx, upload: Upload): Promise<IntakeReport> {
  const tenantId = ownTenant(ctx.actor);
  const own = await ownTaxNumbers(ctx.db, tenantId);
  const files = await filesOf(upload);
  const items: IntakeItem[] = [];
  const seen = new Map<string, string>();
  for (const f of files) {
    let parsed: ParsedInvoice;
    try {
      if (f.bytes.byteLength > MAX_FILE_BYTES) throw new ParseRefusal('too_large');
      parsed = await parseInvoiceFile(f.bytes);
    } catch (err) {
      if (!(err instanceof ParseRefusal)) throw err;
      items.push(
        itemOf(ctx, f.name, 'refused', null, {
          reasonKey: `INTAKE_FILE.${err.problem}` as MessageKey,
          params: { mb: MAX_FILE_BYTES / 1024 / 1024, max: 200 },
        }),
      );
      continue;
    }
    const key = keyOfParsed(parsed);
    const other = seen.get(key);
    if (other) {
      items.push(
        itemOf(ctx, f.name, 'duplicate', parsed, {
          reasonKey: 'INTAKE_FILE.duplicate_in_batch',
          params: { other },
        }),
      );
      continue;
    }
    seen.set(key, f.name);
    items.push(await collectOne(ctx, tenantId, own, f.name, parsed, 'file'));
  }
  return {
    items,
    created: items.filter((i) => i.result === 'created').length,
    duplicates: items.filter((i) => i.result === 'duplicate').length,
    refused: items.filter((i) => i.result === 'refused').length,
  };
}

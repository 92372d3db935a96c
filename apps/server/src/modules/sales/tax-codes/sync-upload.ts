import type { TaxCodeJobReport } from '@fpy/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { applyTable } from './apply-table.ts';
import { listText } from '@fpy/contracts';
import { readUpload } from '../../../lib/upload.ts';
import { csvText } from './csv-text.ts';
import { CATALOG_TOPIC, catalogFor, invalidateCatalog } from './store.ts';
import { parseTable } from './table-file.ts';
import { reportOf } from './view.ts';

/** The national table is ~1.2 MB; anything far larger is not a table file. */
export const MAX_TABLE_BYTES = 5 * 1024 * 1024;
/** A sync that would retire more than this share of the live codes is most likely a partial file. */
const MASS_RETIRE_SHARE = 0.1;

/**
 * tbspbm / importCommodityCode: read the uploaded CSV, check all of it, then apply it in one transaction.
 * Nothing is written when any row is broken.
 */
export async function syncFromUpload(
  ctx: AuthedCtx,
  req: FastifyRequest,
  kind: 'import' | 'sync',
): Promise<TaxCodeJobReport> {
  const upload = await readUpload(req, MAX_TABLE_BYTES, '编码表文件');
  const parsed = parseTable(csvText(upload.data));
  if ('problems' in parsed)
    throw badRequest(
      'TAX_CODE_FILE_INVALID',
      { problems: listText(parsed.problems.slice(0, 5), '；', '; ') },
      {
        problems: parsed.problems,
      },
    );
  const version = (upload.fields.version ?? '').trim() || new Date().toISOString().slice(0, 10);
  if (kind === 'sync') {
    // The shipped table must be in place first, so a sync diffs against it. An import does not load it:
    // on a fresh installation the uploaded file takes its place.
    const catalog = await catalogFor(ctx.db);
    const live = [...catalog.byCode.values()].filter((e) => e.enabled).length;
    const inFile = new Set(parsed.rows.map((r) => r.code));
    const retiring = [...catalog.byCode.values()].filter((e) => e.enabled && !inFile.has(e.code)).length;
    if (retiring > live * MASS_RETIRE_SHARE && upload.fields.confirmRetire !== 'true')
      throw badRequest('TAX_CODE_MASS_RETIRE', { count: retiring }, { retiring });
  }
  const job = await applyTable(ctx.db, {
    kind,
    rows: parsed.rows,
    version: version.slice(0, 32),
    fileName: upload.fileName,
    userId: ctx.actor.userId,
    onlyIfEmpty: kind === 'import',
  });
  invalidateCatalog(ctx.db);
  // Every other server process rebuilds on its next use too, not only after its 3-second recheck.
  ctx.bus.publish(CATALOG_TOPIC);
  return reportOf(job!);
}

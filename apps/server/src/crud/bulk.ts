import { bulkContracts } from '@fpy/resources';
import type { FastifyInstance } from 'fastify';
import type { AuthedCtx } from '../http/context.ts';
import { route } from '../http/route.ts';
import { AppError } from '../lib/errors.ts';
import type { BulkHandler, ServerResource } from './bind.ts';
import { updateRow } from './writes.ts';
import { withTransaction } from '../lib/write/index.ts';

type Row = Record<string, unknown>;

/**
 * A declared patch applied to each selected row through the ordinary update path (row lock, write hook,
 * audit row), all inside the verb's one transaction: a refusal of one row keeps them all. Rows the caller
 * cannot see are skipped, not named, as in delete-many.
 */
const setFields =
  (res: ServerResource, set: Row): BulkHandler =>
  async (ctx, ids) => {
    let updated = 0;
    for (const id of ids) {
      const ok = await updateRow(ctx, res, id, set).then(
        () => true,
        (err) => {
          if (err instanceof AppError && err.httpStatus === 404) return false;
          throw err;
        },
      );
      if (ok) updated++;
    }
    return updated;
  };

/** Runs a verb in one transaction over the distinct ids, so nested writes share it (updateRow nests). */
export function runBulk(ctx: AuthedCtx, handler: BulkHandler, ids: number[]) {
  return withTransaction(ctx, async (_tx, inner) => {
    // The caller's rows only: the scope of the resource's repository hides the rest before the handler runs.
    return { updated: await handler(inner, [...new Set(ids)]) };
  });
}

/** One route per declared bulk verb, through route() so access control, OpenAPI and the walks see it. */
export function registerBulkVerbs(app: FastifyInstance, res: ServerResource) {
  const contracts = bulkContracts(res.meta);
  for (const v of res.meta.bulk ?? []) {
    const handler = v.set ? setFields(res, { ...v.set }) : res.bulk[v.name];
    route(app, contracts[v.name], (ctx, { body }) => runBulk(ctx, handler, (body as { ids: number[] }).ids));
  }
}

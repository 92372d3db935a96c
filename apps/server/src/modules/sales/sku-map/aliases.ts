import { deleteSkuMaps, findSkuMaps, insertSkuMap, updateSkuMap } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ServerResource } from '../../../crud/bind.ts';
import { listRows } from '../../../crud/register.ts';
import { createRow, deleteRows, updateRow } from '../../../crud/writes.ts';
import { route } from '../../../http/route.ts';

/**
 * The spec's §7 paths (all POST, packages/contracts billing/sku-map.ts) as thin aliases onto the resource's
 * handlers: the same filters, hook, transaction and audit row as the generic routes the console page uses.
 */
export function registerSkuMapAliases(app: FastifyInstance, res: ServerResource) {
  // Rows carry the resource's shape (plus tenantId); the reply contract pins the spec's fields.
  route(app, findSkuMaps, async (ctx, { body }) => (await listRows(ctx, res, body)) as never);
  route(app, insertSkuMap, async (ctx, { body }) => (await createRow(ctx, res, body)).row as never);
  route(app, updateSkuMap, async (ctx, { body: { id, ...patch } }) => {
    return (await updateRow(ctx, res, id, patch)).row as never;
  });
  route(app, deleteSkuMaps, (ctx, { body }) => deleteRows(ctx, res, body.ids));
}

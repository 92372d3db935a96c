import {
  imageUploadContract,
  type ListQuery,
  type ResourceContracts,
  resourceContracts,
} from '@fpy/resources';
import type { FastifyInstance } from 'fastify';
import { offsetOf } from '../data/paging.ts';
import type { AuthedCtx } from '../http/context.ts';
import { route } from '../http/route.ts';
import { sendWorkbook } from '../lib/excel.ts';
import type { ServerResource } from './bind.ts';
import { registerBulkVerbs } from './bulk.ts';
import { checkExportSize, exportFileName, exportWorkbook, MAX_EXPORT_ROWS } from './export.ts';
import { filterConditions, orderFor } from './filters.ts';
import { importRows } from './import.ts';
import { repository } from './repository.ts';
import { importTemplate, templateFileName } from './template.ts';
import { createRow, deleteRow, deleteRows, savedAnswer, updateRow } from './writes.ts';

/** One page of the caller's rows: the declared filters (and keyword), sort, paging. */
export async function listRows(ctx: AuthedCtx, res: ServerResource, query: ListQuery) {
  const repo = repository(ctx, res);
  const where = repo.where(filterConditions(res, query));
  const total = await repo.count(where);
  const rows = total ? await repo.select(where, orderFor(res, query.sort), query.limit, offsetOf(query)) : [];
  return { rows, total };
}

/**
 * Registers the routes a declared resource lists, each through route() so access control, OpenAPI and the
 * permission walk see them like any hand-written route.
 */
export function registerResource(app: FastifyInstance, res: ServerResource) {
  const c = resourceContracts(res.meta) as Partial<ResourceContracts>;

  if (c.list) route(app, c.list, (ctx, { query }) => listRows(ctx, res, query));
  if (c.export) {
    route(app, c.export, async (ctx, { query, reply }) => {
      const repo = repository(ctx, res);
      const where = repo.where(filterConditions(res, query));
      checkExportSize(await repo.count(where));
      const rows = await repo.select(where, orderFor(res, query.sort), MAX_EXPORT_ROWS);
      return sendWorkbook(
        reply,
        exportFileName(res.meta.title.zh),
        await exportWorkbook(ctx, res.meta, rows),
      );
    });
  }
  if (c.get) route(app, c.get, (ctx, { params }) => repository(ctx, res).get(params.id));
  if (c.create)
    route(app, c.create, async (ctx, { body }) => savedAnswer(res, await createRow(ctx, res, body)));
  if (c.update)
    route(app, c.update, async (ctx, { params, body }) =>
      savedAnswer(res, await updateRow(ctx, res, params.id, body)),
    );
  if (c.delete) route(app, c.delete, (ctx, { params }) => deleteRow(ctx, res, params.id));
  if (c.deleteMany) route(app, c.deleteMany, (ctx, { body }) => deleteRows(ctx, res, body.ids));
  if (c.import) route(app, c.import, (ctx, { req }) => importRows(ctx, res, req));
  if (c.template)
    route(app, c.template, async (_ctx, { reply }) =>
      sendWorkbook(reply, templateFileName(res.meta.title.zh), await importTemplate(res)),
    );
  registerBulkVerbs(app, res);
  const images = imageUploadContract(res.meta);
  const store = res.images;
  if (images && store) route(app, images, (ctx, { req }) => store(ctx, req));
}

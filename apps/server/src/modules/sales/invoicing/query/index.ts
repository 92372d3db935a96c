import {
  exportInvoiceQuery,
  invoiceRelations,
  listInvoiceCategoryOptions,
  queryInvoices,
  setInvoiceCategory,
  voidInvoice,
  zipInvoicePdfs,
} from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../../http/context.ts';
import { route } from '../../../../http/route.ts';
import { sendWorkbook } from '../../../../lib/excel.ts';
import { setInvoiceCategory as setCategoryVerb } from '../verbs/set-category.ts';
import { voidInvoice as voidVerb } from '../verbs/void.ts';
import { categoryOptions } from './categories.ts';
import { exportInvoices } from './export.ts';
import { queryInvoicePage } from './list.ts';
import { invoiceRelationsOf } from './related.ts';
import { toQueryRows } from './rows.ts';
import { sendInvoiceZip } from './zip.ts';

/** 销项发票查询: filtered list, export, ZIP of PDFs, void, 发票分类 (options and 设置分类). */
export function registerQueryRoutes(app: FastifyInstance, _services: Services) {
  route(app, queryInvoices, (ctx, { query }) => queryInvoicePage(ctx, query));
  route(app, exportInvoiceQuery, async (ctx, { query, reply }) => {
    const stamp = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
    return sendWorkbook(reply, `销项发票_${stamp}.xlsx`, await exportInvoices(ctx, query));
  });
  route(app, invoiceRelations, (ctx, { params }) => invoiceRelationsOf(ctx, params.id));
  route(app, zipInvoicePdfs, (ctx, { body, reply }) => sendInvoiceZip(ctx, body, reply));
  route(app, voidInvoice, async (ctx, { params, body }) => {
    const row = await voidVerb({ ctx, input: { id: params.id, ...body } });
    return (await toQueryRows(ctx.db, [row]))[0];
  });
  route(app, listInvoiceCategoryOptions, async (ctx, { query }) => ({
    rows: await categoryOptions(ctx, query.tenantId),
  }));
  route(app, setInvoiceCategory, (ctx, { body }) => setCategoryVerb({ ctx, input: body }));
}

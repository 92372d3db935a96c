import {
  createCustomer,
  customerImportTemplate,
  deleteCustomer,
  exportCustomers,
  getCustomer,
  importCustomers,
  listCustomers,
  suggestCustomers,
  updateCustomer,
} from '@fpy/contracts';
import { customers } from '@fpy/db';
import { asc, count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { offsetOf } from '../../../data/paging.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import { route } from '../../../http/route.ts';
import { badRequest } from '../../../lib/errors.ts';
import { buildWorkbook, sendWorkbook } from '../../../lib/excel.ts';
import { readUpload } from '../../../lib/upload.ts';
import { EXPORT_COLUMNS, importTemplate } from './customer-excel.ts';
import { customerRowOf } from './customer-rows.ts';
import { importCustomersVerb } from './import-customers.ts';
import { customerMatch, customerOrder, customerWhere } from './list-customers.ts';
import { createCustomerVerb, updateCustomerVerb } from './save-customer.ts';

const MAX_EXPORT_ROWS = 50_000;
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
const SUGGEST_LIMIT = 10;

/** 我的客户 (buyer titles): REST under /api/billing/v1/customers. */
export function registerCustomerRoutes(app: FastifyInstance) {
  route(app, listCustomers, async (ctx, { query }) => {
    const where = customerWhere(ctx, query);
    const [rows, [{ n }]] = await Promise.all([
      ctx.db
        .select()
        .from(customers)
        .where(where)
        .orderBy(customerOrder(query.sort))
        .limit(query.limit)
        .offset(offsetOf(query)),
      ctx.db.select({ n: count() }).from(customers).where(where),
    ]);
    return { rows: rows.map(customerRowOf), total: n };
  });

  // For the issuing form: names starting with the text first, then shorter names (closer matches).
  route(app, suggestCustomers, async (ctx, { query }) => {
    const rows = await ctx.db
      .select()
      .from(customers)
      .where(scoped(ctx, customers).where(customerMatch(query.q)))
      .orderBy(
        sql`case when ${customers.name} ilike ${`${query.q.replace(/[\\%_]/g, '')}%`} then 0 else 1 end`,
        sql`length(${customers.name})`,
        asc(customers.id),
      )
      .limit(SUGGEST_LIMIT);
    return rows.map(customerRowOf);
  });

  route(app, getCustomer, async (ctx, { params }) =>
    customerRowOf(await scoped(ctx, customers).get(params.id)),
  );
  route(app, createCustomer, (ctx, { body }) => createCustomerVerb(ctx, body));
  route(app, updateCustomer, (ctx, { params, body }) => updateCustomerVerb(ctx, params.id, body));
  route(app, deleteCustomer, async (ctx, { params }) => {
    await scoped(ctx, customers).remove(params.id);
    return { ok: true as const };
  });

  route(app, customerImportTemplate, async (_ctx, { reply }) =>
    sendWorkbook(reply, '客户导入模板.xlsx', await importTemplate()),
  );
  route(app, importCustomers, async (ctx, { req }) => {
    const upload = await readUpload(req, MAX_IMPORT_BYTES, 'Excel 文件');
    return importCustomersVerb(ctx, upload.data);
  });
  route(app, exportCustomers, async (ctx, { query, reply }) => {
    const where = customerWhere(ctx, query);
    const [{ n }] = await ctx.db.select({ n: count() }).from(customers).where(where);
    if (n > MAX_EXPORT_ROWS)
      throw badRequest('EXPORT_TOO_LARGE', `导出不能超过${MAX_EXPORT_ROWS}条，请先筛选`);
    const rows = await ctx.db.select().from(customers).where(where).orderBy(customerOrder(query.sort));
    return sendWorkbook(
      reply,
      '客户.xlsx',
      await buildWorkbook('客户', EXPORT_COLUMNS, rows.map(customerRowOf)),
    );
  });
}

import {
  createScanOrder,
  getBuyerOrder,
  getOrderWindow,
  getScanOrder,
  importScanOrders,
  openOrderShortLink,
  orderImportTemplate,
  listScanOrders,
  saveOrderWindow,
  submitBuyerOrder,
  voidScanOrder,
} from '@fpy/contracts';
import { APPLY_CODE_PARAM } from '@fpy/contracts/apply-pages';
import { scanOrders } from '@fpy/db';
import type { FastifyInstance } from 'fastify';
import { scoped } from '../../../data/tenant-scope.ts';
import type { ModuleDeps } from '../../../http/module.ts';
import { route } from '../../../http/route.ts';
import { readUpload } from '../../../lib/upload.ts';
import { importOrders, importTemplate } from './import.ts';
import { sendWorkbook } from '../../../lib/excel.ts';
import { buyerOrderView, resolveOrder } from './public.ts';
import { getOrder, listOrders, orderDetail } from './queries.ts';
import { createOrder } from './verbs/create-order.ts';
import { submitOrder } from './verbs/submit-order.ts';
import { voidOrder } from './verbs/void-order.ts';
import { readOrderWindow, saveOrderWindow as saveWindow } from './window.ts';

const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export function registerScanOrderRoutes(app: FastifyInstance, { services }: ModuleDeps) {
  const config = services.config;
  route(app, listScanOrders, (ctx, { query }) => listOrders(ctx, query));
  route(app, getScanOrder, (ctx, { params }) => getOrder(ctx, config, params.id));
  route(app, createScanOrder, async (ctx, { body, reply }) => {
    const tenantId = scoped(ctx, scanOrders).tenantFor();
    const { order, created } = await createOrder(ctx, { tenantId, ...body });
    reply.code(created ? 201 : 200);
    return orderDetail(ctx, config, order);
  });
  route(app, voidScanOrder, async (ctx, { params, body }) =>
    orderDetail(ctx, config, await voidOrder({ ctx, input: { id: params.id, reason: body.reason } })),
  );
  route(app, importScanOrders, async (ctx, { req }) => {
    const tenantId = scoped(ctx, scanOrders).tenantFor();
    const upload = await readUpload(req, MAX_IMPORT_BYTES, 'Excel 文件');
    return importOrders(ctx, tenantId, upload.data);
  });
  route(app, orderImportTemplate, async (_ctx, { reply }) =>
    sendWorkbook(reply, '扫码开票订单导入模板.xlsx', await importTemplate()),
  );
  route(app, getOrderWindow, (ctx) => readOrderWindow(ctx.db, scoped(ctx, scanOrders).tenantFor()));
  route(app, saveOrderWindow, (ctx, { body }) => saveWindow(ctx, scoped(ctx, scanOrders).tenantFor(), body));

  // The buyer's public calls: the code is the only credential.
  route(app, getBuyerOrder, async (ctx, { params }) =>
    buyerOrderView(ctx.db, await resolveOrder(ctx, params.code)),
  );
  route(app, submitBuyerOrder, (ctx, { params, body }) => submitOrder(ctx, params.code, body));
  // The QR carries /q/<code>: the redirect looks nothing up, so it tells a guesser nothing; the page resolves it.
  route(app, openOrderShortLink, async (_ctx, { params, reply }) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(`/webIndex?${APPLY_CODE_PARAM}=${encodeURIComponent(params.code)}`, 302),
  );
}

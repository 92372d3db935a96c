import {
  getBuyerTitleForm,
  getScanInvoiceSettings,
  getScanTitleSettings,
  saveScanInvoiceSettings,
  saveScanTitleSettings,
  searchBuyerTitles,
} from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthedCtx } from '../../../http/context.ts';
import { route } from '../../../http/route.ts';
import { badRequest } from '../../../lib/errors.ts';
import { buyerForm, searchTitles } from './help.ts';
import { readTitleSettings } from './settings.ts';
import { saveTitleSettings } from './verbs/save-settings.ts';

/** The settings pages work on the caller's own company only: no tenant id is ever taken from the request. */
function ownCompany(ctx: AuthedCtx): number {
  if (ctx.actor.tenantId === null) throw badRequest('TENANT_REQUIRED.plat_settings');
  return ctx.actor.tenantId;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function registerTitleRoutes(app: FastifyInstance) {
  route(app, getScanTitleSettings, async (ctx) => {
    const s = await readTitleSettings(ctx.db, ownCompany(ctx));
    return { ...s.scanTitle, updatedAt: iso(s.updatedAt) };
  });
  route(app, saveScanTitleSettings, async (ctx, { body }) => {
    const tenantId = ownCompany(ctx);
    const at = await saveTitleSettings(ctx, tenantId, { scanTitle: body });
    return { ...(await readTitleSettings(ctx.db, tenantId)).scanTitle, updatedAt: iso(at) };
  });
  route(app, getScanInvoiceSettings, async (ctx) => {
    const s = await readTitleSettings(ctx.db, ownCompany(ctx));
    return { ...s.scanInvoice, updatedAt: iso(s.updatedAt) };
  });
  route(app, saveScanInvoiceSettings, async (ctx, { body }) => {
    const tenantId = ownCompany(ctx);
    const at = await saveTitleSettings(ctx, tenantId, { scanInvoice: body });
    return { ...(await readTitleSettings(ctx.db, tenantId)).scanInvoice, updatedAt: iso(at) };
  });

  route(app, getBuyerTitleForm, async (ctx, { params }) => buyerForm(ctx, params.code));
  route(app, searchBuyerTitles, async (ctx, { params, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return { items: await searchTitles(ctx, params.code, query.q) };
  });
}

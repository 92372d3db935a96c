import { invoiceCategories, messageTemplates } from '@fpy/db';
import { invoiceCategoriesMeta, tenantTemplatesMeta } from '@fpy/resources';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bindResource } from '../../../crud/bind.ts';
import { registerResource } from '../../../crud/register.ts';
import type { ModuleDeps } from '../../../http/module.ts';
import { provideFaceOptions } from '../../sales/invoice-files/index.ts';
import { invoiceCategoryHooks } from './category-hooks.ts';
import { registerCompanyInfoRoutes } from './company-info.ts';
import { registerRecordRoutes } from './records-routes.ts';
import { loadInvoiceLayout, registerSettingsRoutes } from './settings-routes.ts';
import { DELIVERY_SCENE, templateHooks } from './template-hooks.ts';

export { loadCompanyInfo } from './company-info.ts';
export {
  loadCodeCardPage,
  loadDeliverySettings,
  loadInvoiceLayout,
  loadSmsSignature,
} from './settings-routes.ts';

/** 消息模板: the company's own rows of message_templates (the platform's, tenant_id null, are not among them). */
export const tenantTemplatesResource = bindResource(tenantTemplatesMeta, messageTemplates, {
  hooks: { ...templateHooks, derive: (_v, existing) => (existing ? {} : { scene: DELIVERY_SCENE }) },
  where: and(isNotNull(messageTemplates.tenantId), eq(messageTemplates.scene, DELIVERY_SCENE)),
});

/** 发票分类: a plain resource; one still holding invoices (销项发票查询 设置分类) is not deleted. */
export const invoiceCategoriesResource = bindResource(invoiceCategoriesMeta, invoiceCategories, {
  hooks: invoiceCategoryHooks,
});

/**
 * 开票平台设置 (spec §2.12 /invoicePlat): companyinfo, template, fpmb, sms, zzsdzfp (with the code-card page),
 * shorturl, invoiceClassify and bill. The loaders above are how the dispatcher and the buyer pages read the
 * company's settings; nothing else of this folder is imported from outside.
 */
export function registerPlatSettingsModule(app: FastifyInstance, deps: ModuleDeps) {
  registerCompanyInfoRoutes(app, deps.uploads);
  registerSettingsRoutes(app);
  // The PDF renderer honours the 发票模板 options through its own seam; it never reads these settings itself.
  provideFaceOptions(async (db, tenantId) => (await loadInvoiceLayout(db, tenantId)).value);
  registerRecordRoutes(app);
  registerResource(app, tenantTemplatesResource);
  registerResource(app, invoiceCategoriesResource);
}

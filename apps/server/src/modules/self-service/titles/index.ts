import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { alsoEnqueueOnIssued, type InvoiceIssuedPayload, loadInvoice } from '../../sales/invoicing/index.ts';
import { learnCompanies } from './known-companies.ts';
import { registerTitleRoutes } from './routes.ts';

/**
 * 抬头 of self-service invoicing (issue 30): the tenant's title-scan settings (扫码抬头, 扫码开票), the buyer's public
 * title help (form, search) and the companies the platform knows. What other modules use:
 * - `buyerFormRules(db, tenantId)`: the tenant's buyer form (BuyerFormRules of @fpy/domain) for the submit verbs
 *   of scan orders and code boards, which check each title with `checkBuyerTitle` of @fpy/domain;
 * - `scanInvoiceOpen(db, tenantId)`: the tenant's 扫码开票 switch, for every buyer page and submit;
 * - `registerTitleCodeResolver(kind, resolver)`: the modules owning buyer codes tell titles which tenant a code
 *   belongs to, so the title help is scoped to it (the dependency runs from them to titles);
 * - `readTitleSettings` (whole record) and `saveTitleSettings` (the demo seed), `learnCompanies` (seed list).
 */
export { type TitleCodeResolver, registerTitleCodeResolver } from './code-resolvers.ts';
export { type KnownCompany, isPublicCompany, learnCompanies } from './known-companies.ts';
export {
  buyerFormRules,
  DEFAULT_SCAN_INVOICE,
  readTitleSettings,
  scanInvoiceOpen,
  type TitleSettings,
} from './settings.ts';
export { saveTitleSettings, type SettingsPart } from './verbs/save-settings.ts';

/** After an invoice is issued: its buyer joins the known companies when it is a company with a valid code. */
export const LEARN_COMPANY_JOB = 'self-service.titles.learn-company';

export function registerTitlesModule(app: FastifyInstance, { services }: ModuleDeps) {
  alsoEnqueueOnIssued(LEARN_COMPANY_JOB);
  services.jobs.processBatch<InvoiceIssuedPayload>(
    LEARN_COMPANY_JOB,
    async (items) => {
      const found = [];
      for (const { payload } of items) {
        try {
          const inv = await loadInvoice(services.jobsDb, payload.tenantId, payload.invoiceId);
          if (inv.buyerNaturalPerson === 0 && inv.buyerTaxNumber)
            found.push({ name: inv.buyerName, taxNumber: inv.buyerTaxNumber });
        } catch {
          // gone: nothing to learn
        }
      }
      await learnCompanies(services.jobsDb, found, 'invoice');
      return items.map(() => null);
    },
    { max: 64 },
  );
  registerTitleRoutes(app);
}

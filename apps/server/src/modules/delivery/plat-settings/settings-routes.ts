import {
  CODE_CARD_KEY,
  type CodeCardPage,
  codeCardPageInput,
  DEFAULT_CODE_CARD_PAGE,
  DEFAULT_DELIVERY_SETTINGS,
  DEFAULT_INVOICE_LAYOUT,
  DELIVERY_SETTINGS_KEY,
  type DeliverySettings,
  deliverySettings,
  getCodeCardPage,
  getDeliverySettings,
  getInvoiceLayout,
  getSmsSignature,
  INVOICE_LAYOUT_KEY,
  type InvoiceLayout,
  invoiceLayoutInput,
  SMS_SIGNATURE_KEY,
  type SmsSignature,
  saveCodeCardPage,
  saveDeliverySettings,
  saveInvoiceLayout,
  saveSmsSignature,
  smsSignatureInput,
} from '@fpy/contracts';
import { type Db, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthedCtx } from '../../../http/context.ts';
import { route } from '../../../http/route.ts';
import { badRequest } from '../../../lib/errors.ts';
import { isLoopbackUrl, publicBaseUrl } from '../../../lib/public-address.ts';
import {
  iso,
  ownCompany,
  readOptionalParameter,
  readParameter,
  type Stored,
  writeParameter,
} from './parameters.ts';

const withTime = <T extends object>(s: Stored<T>) => ({ ...s.value, updatedAt: iso(s.updatedAt) });

/** 电子发票交付设置: what the dispatcher does after an invoice is issued (defaults until saved). */
export const loadDeliverySettings = (db: Db, tenantId: number): Promise<Stored<DeliverySettings>> =>
  readParameter(db, tenantId, DELIVERY_SETTINGS_KEY, deliverySettings, DEFAULT_DELIVERY_SETTINGS);

/** 短信签名: null until the company sets its own (the platform's signature is used meanwhile). */
export const loadSmsSignature = (db: Db, tenantId: number): Promise<Stored<SmsSignature> | null> =>
  readOptionalParameter(db, tenantId, SMS_SIGNATURE_KEY, smsSignatureInput);

/** 码牌页面: what the buyer's scan page asks for (defaults until saved). */
export const loadCodeCardPage = (db: Db, tenantId: number): Promise<Stored<CodeCardPage>> =>
  readParameter(db, tenantId, CODE_CARD_KEY, codeCardPageInput, DEFAULT_CODE_CARD_PAGE);

/** 发票模板: the PDF layout options (defaults until saved). */
export const loadInvoiceLayout = (db: Db, tenantId: number): Promise<Stored<InvoiceLayout>> =>
  readParameter(db, tenantId, INVOICE_LAYOUT_KEY, invoiceLayoutInput, DEFAULT_INVOICE_LAYOUT);

async function layoutReply(ctx: AuthedCtx, s: Stored<InvoiceLayout>) {
  const [t] = await ctx.db
    .select({ seal: tenants.sealImageKey })
    .from(tenants)
    .where(eq(tenants.id, ownCompany(ctx)));
  return { ...withTime(s), hasSeal: !!t?.seal };
}

/**
 * The delivery settings with the address their links are built on: while it is a loopback one (PUBLIC_BASE_URL
 * unset), the page warns that buyers cannot open the links in mail and SMS.
 */
function deliveryReply(ctx: AuthedCtx, s: Stored<DeliverySettings>) {
  const base = publicBaseUrl(ctx.config);
  return { ...withTime(s), publicBaseUrl: base, publicBaseUrlIsLoopback: isLoopbackUrl(base) };
}

export function registerSettingsRoutes(app: FastifyInstance) {
  route(app, getSmsSignature, async (ctx) => {
    const s = await loadSmsSignature(ctx.db, ownCompany(ctx));
    return s ? withTime(s) : { signName: null, signSource: null, remark: null, updatedAt: null };
  });
  route(app, saveSmsSignature, async (ctx, { body }) =>
    withTime(await writeParameter(ctx, SMS_SIGNATURE_KEY, body)),
  );

  route(app, getDeliverySettings, async (ctx) =>
    deliveryReply(ctx, await loadDeliverySettings(ctx.db, ownCompany(ctx))),
  );
  route(app, saveDeliverySettings, async (ctx, { body }) =>
    deliveryReply(ctx, await writeParameter(ctx, DELIVERY_SETTINGS_KEY, body)),
  );

  route(app, getCodeCardPage, async (ctx) => withTime(await loadCodeCardPage(ctx.db, ownCompany(ctx))));
  route(app, saveCodeCardPage, async (ctx, { body }) => {
    // A request nobody can be reached at cannot be delivered: one contact field must be asked for.
    if (body.fields.email === 'hidden' && body.fields.mobile === 'hidden')
      throw badRequest('CODE_CARD_NO_CONTACT', undefined, { field: 'fields.mobile' });
    return withTime(await writeParameter(ctx, CODE_CARD_KEY, body));
  });

  route(app, getInvoiceLayout, async (ctx) =>
    layoutReply(ctx, await loadInvoiceLayout(ctx.db, ownCompany(ctx))),
  );
  route(app, saveInvoiceLayout, async (ctx, { body }) =>
    layoutReply(ctx, await writeParameter(ctx, INVOICE_LAYOUT_KEY, body)),
  );
}

import {
  applyRedForm,
  confirmRedForm,
  getRedForm,
  issueRedInvoice,
  listRedForms,
  lookupBlueInvoice,
  quickRed,
  refuseRedForm,
  revokeRedForm,
  sandboxBuyerAct,
  sandboxBuyerApply,
  sandboxBuyerBooking,
} from '@fpy/contracts';
import { invoices, redLetterForms } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { route } from '../../../http/route.ts';
import { businessError } from '../../../lib/errors.ts';
import type { GatewayCtx } from '../../../http/verb-ctx.ts';
import { issuingTenant, onRedInvoiceIssued, toDetail } from '../invoicing/index.ts';
import { afterRedIssued } from './blue-status.ts';
import { taxGatewayFor } from '../../platform/tax-gateway/index.ts';
import { registerExpireJob } from './expire-job.ts';
import { lookupBlue } from './lookup.ts';
import { listFormPage } from './queries.ts';
import { toFormDetail } from './view.ts';
import { actOnForm, type FormOp } from './verbs/act.ts';
import { applyForm } from './verbs/apply.ts';
import { issueRed } from './verbs/issue-red.ts';

const withGateway = (ctx: AuthedCtx): GatewayCtx => ({ ...ctx, gateway: ctx.taxGatewayFor(ctx.db) });

/**
 * 红字发票信息确认单 (§6.1): invoiceFill applies (full / partial per line, or quick full red), invoiceDetails
 * lists and acts on forms and issues the red invoice through the invoicing issue job. README.md says more.
 */
export function registerRedLetterModule(app: FastifyInstance, { services }: ModuleDeps) {
  // A red invoice reaching 已开具 moves its blue invoice in the same transaction (invoicing runs the hook).
  onRedInvoiceIssued(afterRedIssued);
  registerExpireJob(services);

  route(app, lookupBlueInvoice, (ctx, { query }) => lookupBlue(ctx, query));

  route(app, applyRedForm, async (ctx, { body, reply }) => {
    const gctx = withGateway(ctx);
    const form = await applyForm({ ctx: gctx, tenantId: issuingTenant(gctx), input: body });
    reply.code(201);
    return toFormDetail(ctx.db, form);
  });

  route(app, quickRed, async (ctx, { body, reply }) => {
    const gctx = withGateway(ctx);
    const tenantId = issuingTenant(gctx);
    const form = await applyForm({ ctx: gctx, tenantId, input: body });
    if (form.state !== 'no_confirmation_needed') {
      // The buyer has booked the invoice: quick red is not possible, withdraw the application entirely.
      if (form.formNo)
        await gctx.gateway
          .revokeRedForm({ tenantId, formNo: form.formNo, by: 'seller' })
          .catch(() => undefined);
      await ctx.db
        .delete(redLetterForms)
        .where(and(eq(redLetterForms.id, form.id), eq(redLetterForms.tenantId, tenantId)));
      throw businessError('QUICK_RED_NEEDS_CONFIRMATION');
    }
    const { invoice } = await issueRed({ ctx: gctx, input: { formId: form.id } });
    reply.code(201);
    return toDetail(ctx.db, invoice);
  });

  route(app, listRedForms, (ctx, { query }) => listFormPage(ctx, query));
  route(app, getRedForm, async (ctx, { params }) =>
    toFormDetail(ctx.db, await scoped(ctx, redLetterForms).get(params.id)),
  );

  const act =
    (op: FormOp) =>
    async (ctx: AuthedCtx, { params }: { params: { id: number } }) => {
      const gctx = withGateway(ctx);
      const form = await actOnForm({
        ctx: gctx,
        tenantId: issuingTenant(gctx),
        input: { formId: params.id, op, by: 'seller' },
      });
      return toFormDetail(ctx.db, form);
    };
  route(app, confirmRedForm, act('confirm'));
  route(app, refuseRedForm, act('refuse'));
  route(app, revokeRedForm, act('revoke'));

  route(app, issueRedInvoice, async (ctx, { params, reply }) => {
    const { invoice, created } = await issueRed({ ctx: withGateway(ctx), input: { formId: params.id } });
    reply.code(created ? 201 : 200);
    return toDetail(ctx.db, invoice);
  });

  registerSandboxRoutes(app);
}

/**
 * SANDBOX ONLY, platform accounts: what the buyer does at the bureau (用途确认/入账, confirm or refuse a
 * seller's form, open a form itself), so the confirmation path can be shown. Drop these with a real provider.
 */
function registerSandboxRoutes(app: FastifyInstance) {
  route(app, sandboxBuyerBooking, async (ctx, { body }) => {
    const blue = await scoped(ctx, invoices).get(body.blueInvoiceId);
    if (!blue.number) throw businessError('RED_BLUE_INVALID');
    await taxGatewayFor(ctx.db).simulateBuyerBooking(blue.sellerCreditCode, blue.number);
    return { ok: true as const };
  });
  route(app, sandboxBuyerAct, async (ctx, { params, body }) => {
    const form = await scoped(ctx, redLetterForms).get(params.id);
    const done = await actOnForm({
      ctx: withGateway(ctx),
      tenantId: form.tenantId,
      input: { formId: form.id, op: body.action, by: 'buyer' },
    });
    return toFormDetail(ctx.db, done);
  });
  route(app, sandboxBuyerApply, async (ctx, { body, reply }) => {
    const blue = await scoped(ctx, invoices).get(body.blueInvoiceId);
    const form = await applyForm({
      ctx: withGateway(ctx),
      tenantId: blue.tenantId,
      input: body,
      initiator: 'buyer',
    });
    reply.code(201);
    return toFormDetail(ctx.db, form);
  });
}

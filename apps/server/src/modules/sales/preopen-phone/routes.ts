import {
  bindPreopenPhone,
  createPreopenBindCode,
  decidePreopenApplication,
  downloadPreopenPdf,
  getPreopenAppCode,
  getPreopenMe,
  invoiceStatusText,
  listPreopenApplications,
  listPreopenDevices,
  preopenPdfTicket,
  retryPreopenApplication,
  revokePreopenDevice,
  unbindPreopenPhone,
  viewPreopenApplication,
} from '@fpy/contracts';
import { invoiceEvents, invoices, preopenPhoneDevices } from '@fpy/db';
import { isIssuedStatus } from '@fpy/domain';
import { and, count, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../../http/context.ts';
import { route } from '../../../http/route.ts';
import { businessError, notFound } from '../../../lib/errors.ts';
import { newToken, sha256 } from '../../../lib/hash.ts';
import {
  approveApplication,
  issuingTenant,
  rejectApplication,
  retryIssue,
  toSummary,
} from '../invoicing/index.ts';
import { loadOrRenderPdf } from '../invoice-files/index.ts';
import { ACTIONS, APPROVE, type Bound, REJECT, RETRY, need, resolveDevice } from './device.ts';
import { appCode } from './verbs/app-code.ts';
import { bindPhone } from './verbs/bind.ts';
import { createBindCode } from './verbs/create-bind-code.ts';
import { revokeDevice } from './verbs/revoke-device.ts';
import { appView, findApplication } from './view.ts';

const PDF_TICKET_TTL_SECONDS = 300;
const ticketKey = (ticket: string) => `preopen-pdf:${sha256(ticket)}`;

const me = (b: Bound) => ({
  userName: b.userName,
  tenantName: b.tenantName,
  expiresAt: b.expiresAt.toISOString(),
});

/** Reads the application again after a verb, in the bound tenant. */
async function reread(ctx: Ctx, bound: Bound, id: number) {
  return appView(ctx.db, bound, await findApplication(ctx, bound, { id }));
}

export function registerPreopenPhoneRoutes(app: FastifyInstance) {
  // --- console -------------------------------------------------------------------------------------------------
  route(app, createPreopenBindCode, (ctx) => createBindCode({ ctx }));

  route(app, listPreopenDevices, async (ctx) => {
    const tenantId = issuingTenant(ctx);
    const rows = await ctx.db
      .select()
      .from(preopenPhoneDevices)
      .where(
        and(
          eq(preopenPhoneDevices.tenantId, tenantId),
          eq(preopenPhoneDevices.userId, ctx.actor.userId),
          isNull(preopenPhoneDevices.revokedAt),
          gt(preopenPhoneDevices.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(preopenPhoneDevices.id))
      .limit(50);
    return {
      rows: rows.map((r) => ({
        id: r.id,
        label: r.label,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
      })),
    };
  });

  route(app, revokePreopenDevice, (ctx, { params }) =>
    revokeDevice({
      ctx,
      input: { id: params.id, tenantId: issuingTenant(ctx), userId: ctx.actor.userId, via: 'console' },
    }),
  );

  route(app, getPreopenAppCode, (ctx, { params }) => appCode({ ctx, input: params }));

  // --- phone ---------------------------------------------------------------------------------------------------
  route(app, bindPreopenPhone, (ctx, { body }) => bindPhone({ ctx, input: body }));

  route(app, getPreopenMe, async (ctx, { body }) => me(await resolveDevice(ctx, body.device)));

  route(app, unbindPreopenPhone, async (ctx, { body }) => {
    const b = await resolveDevice(ctx, body.device);
    return revokeDevice({
      ctx: { db: ctx.db, ip: ctx.ip, actor: b.verbCtx.actor },
      input: { id: b.deviceId, tenantId: b.tenantId, userId: b.userId, via: 'phone' },
    });
  });

  route(app, listPreopenApplications, async (ctx, { body }) => {
    const b = await resolveDevice(ctx, body.device);
    const where = and(eq(invoices.tenantId, b.tenantId), eq(invoices.status, 'pending_review'));
    const [rows, [{ n }]] = await Promise.all([
      ctx.db
        .select()
        .from(invoices)
        .where(where)
        .orderBy(desc(invoices.updatedAt), desc(invoices.id))
        .limit(50),
      ctx.db.select({ n: count() }).from(invoices).where(where),
    ]);
    const events = rows.length
      ? await ctx.db
          .select()
          .from(invoiceEvents)
          .where(
            and(
              inArray(
                invoiceEvents.invoiceId,
                rows.map((r) => r.id),
              ),
              eq(invoiceEvents.toStatus, 'pending_review'),
            ),
          )
          .orderBy(invoiceEvents.id)
      : [];
    return {
      total: Number(n),
      rows: rows.map((inv) => {
        const applied = events.filter((e) => e.invoiceId === inv.id).at(-1);
        return {
          id: inv.id,
          status: 'pending_review' as const,
          statusLabel: toSummary(inv).statusLabel,
          phase: 'pending' as const,
          buyerName: inv.buyerName,
          totalFen: inv.totalFen,
          applicantName: applied?.actorName ?? null,
          appliedAt: applied?.at.toISOString() ?? null,
        };
      }),
    };
  });

  route(app, viewPreopenApplication, async (ctx, { body }) => {
    const b = await resolveDevice(ctx, body.device);
    return appView(ctx.db, b, await findApplication(ctx, b, body));
  });

  // The console's own verbs with the bound user as the actor: the same four-eyes rule, conditional change
  // (two phones racing → one decision, the other told who decided), audit, and after approval the same issue
  // queue and idempotency as 预开审核's button.
  route(app, decidePreopenApplication, async (ctx, { body }) => {
    const b = await resolveDevice(ctx, body.device);
    const inv = await findApplication(ctx, b, { id: body.id });
    if (body.decision === 'approve') {
      need(b, APPROVE, ACTIONS.approve);
      await approveApplication({
        ctx: b.verbCtx,
        input: { id: inv.id, note: body.reason?.trim() || undefined },
      });
    } else {
      need(b, REJECT, ACTIONS.reject);
      await rejectApplication({ ctx: b.verbCtx, input: { id: inv.id, reason: body.reason!.trim() } });
    }
    return reread(ctx, b, inv.id);
  });

  route(app, retryPreopenApplication, async (ctx, { body }) => {
    const b = await resolveDevice(ctx, body.device);
    const inv = await findApplication(ctx, b, { id: body.id });
    need(b, RETRY, ACTIONS.retry);
    if (inv.status !== 'failed')
      throw businessError('PREOPEN_NOT_FAILED', { status: invoiceStatusText(inv.status) });
    await retryIssue({ ctx: b.verbCtx, input: { id: inv.id } });
    return reread(ctx, b, inv.id);
  });

  route(app, preopenPdfTicket, async (ctx, { body }) => {
    const b = await resolveDevice(ctx, body.device);
    const inv = await findApplication(ctx, b, { id: body.id });
    if (!isIssuedStatus(inv.status)) throw businessError('PREOPEN_NOT_ISSUED');
    const ticket = newToken();
    await ctx.kv.set(ticketKey(ticket), `${inv.tenantId}:${inv.id}`, PDF_TICKET_TTL_SECONDS);
    return { ticket };
  });

  route(app, downloadPreopenPdf, async (ctx, { params, reply }) => {
    const key = ticketKey(params.ticket);
    const held = await ctx.kv.get(key);
    if (!held) throw notFound('PREOPEN_TICKET_INVALID');
    await ctx.kv.del(key);
    const [tenantId, invoiceId] = held.split(':').map(Number);
    const [inv] = await ctx.db
      .select({ number: invoices.number, status: invoices.status })
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.tenantId, tenantId)));
    if (!inv || !isIssuedStatus(inv.status)) throw businessError('PREOPEN_NOT_ISSUED');
    const pdf = await loadOrRenderPdf({ db: ctx.db }, tenantId, invoiceId);
    const name = `${inv.number ?? invoiceId}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}

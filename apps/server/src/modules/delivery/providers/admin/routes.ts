import { emailProviderRoutes, type MessageChannel, smsProviderRoutes } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../../http/route.ts';
import type { ProviderGateway } from '../gateway.ts';
import { toProviderRow } from './mask.ts';
import {
  createAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  setAccountEnabled,
  updateAccount,
} from './store.ts';
import { testSend } from './test-send.ts';

const PLATFORM = { tenantId: null };

/**
 * /smsMessage/smsFacilitatorManage and /emailMessage/emailFacilitatorManage: the platform's accounts of one
 * channel (tenant_id null). Platform-only routes (the contracts say so); every write is audited.
 */
function registerChannel(
  app: FastifyInstance,
  gateway: ProviderGateway,
  channel: MessageChannel,
  routes: typeof smsProviderRoutes,
) {
  route(app, routes.list, async (ctx) => {
    const rows = await listAccounts(ctx.db, channel, PLATFORM);
    return { rows: rows.map(toProviderRow), total: rows.length };
  });
  route(app, routes.create, async (ctx, { body }) =>
    toProviderRow(await createAccount(ctx, channel, PLATFORM, body)),
  );
  route(app, routes.update, async (ctx, { params, body }) => {
    const row = await updateAccount(ctx, channel, PLATFORM, params.id, body);
    gateway.forget(row.id);
    return toProviderRow(row);
  });
  route(app, routes.setStatus, async (ctx, { params, body }) =>
    toProviderRow(await setAccountEnabled(ctx, channel, PLATFORM, params.id, body.enabled)),
  );
  route(app, routes.remove, async (ctx, { params }) => {
    await deleteAccount(ctx, channel, PLATFORM, params.id);
    gateway.forget(params.id);
    return { ok: true as const };
  });
  route(app, routes.test, async (ctx, { params, body }) => {
    const row = await getAccount(ctx.db, channel, PLATFORM, params.id);
    return testSend(gateway, row, body, ctx.lang);
  });
}

export function registerProviderAdminRoutes(app: FastifyInstance, gateway: ProviderGateway) {
  registerChannel(app, gateway, 'sms', smsProviderRoutes);
  registerChannel(app, gateway, 'email', emailProviderRoutes);
}

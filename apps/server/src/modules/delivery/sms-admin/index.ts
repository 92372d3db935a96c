import {
  exportSmsMargins,
  getSmsPlatformSettings,
  listSmsMargins,
  listSmsTenantOptions,
  rechargeSms,
  saveSmsPlatformSettings,
  updateSmsWarn,
} from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../../crud/register.ts';
import { route } from '../../../http/route.ts';
import { sendWorkbook } from '../../../lib/excel.ts';
import type { ModuleDeps } from '../../../http/module.ts';
import { exportMargins, listMargins, updateWarn } from './margins.ts';
import { readSmsPlatformSettings, saveSmsPlatformSettings as saveSettings } from './platform-settings.ts';
import {
  platformTemplatesResource,
  smsControlsResource,
  smsLimitsResource,
  smsRechargesResource,
  smsWhiteResource,
} from './resources.ts';
import { tenantOptions } from './tenant-options.ts';
import { recharge } from './verbs/recharge.ts';

export {
  type Consumed,
  consumeSmsBalance,
  openSmsBalances,
  recordSmsUse,
  refundSmsBalance,
} from './balance.ts';
export { readSmsPlatformSettings } from './platform-settings.ts';

/**
 * 短信管理 (issue 14 §3): balances and recharges, blacklist / whitelist (platform and company), frequency
 * limits, the platform's SMS settings and templates. What the dispatcher enforces is read from the same
 * tables; this module only administers them.
 */
export function registerSmsAdminModule(app: FastifyInstance, _deps: ModuleDeps) {
  route(app, listSmsMargins, (ctx, { query }) => listMargins(ctx, query));
  route(app, exportSmsMargins, async (ctx, { query, reply }) => {
    const file = await exportMargins(ctx, query);
    return sendWorkbook(reply, file.name, file.data);
  });
  route(app, updateSmsWarn, (ctx, { params, body }) => updateWarn(ctx, params.tenantId, body.warnBelow));
  route(app, rechargeSms, (ctx, { body }) => recharge({ ctx, input: body }));
  route(app, getSmsPlatformSettings, (ctx) => readSmsPlatformSettings(ctx.db));
  route(app, saveSmsPlatformSettings, (ctx, { body }) => saveSettings(ctx, body));
  route(app, listSmsTenantOptions, (ctx, { query }) => tenantOptions(ctx, query.keyword));
  for (const r of [
    smsRechargesResource,
    smsControlsResource,
    smsWhiteResource,
    smsLimitsResource,
    platformTemplatesResource,
  ])
    registerResource(app, r);
}

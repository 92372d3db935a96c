import {
  exportEmailStats,
  exportSmsProviderStats,
  exportSmsTenantStats,
  getEmailStats,
  getSmsProviderStats,
  getSmsTenantStats,
} from '@fpy/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../../http/route.ts';
import { sendWorkbook } from '../../../lib/excel.ts';
import type { ModuleDeps } from '../../../http/module.ts';
import { statsFileName, statsWorkbook } from './stats-excel.ts';
import { deliveryStats } from './stats-query.ts';

async function send(reply: FastifyReply, stats: Awaited<ReturnType<typeof deliveryStats>>) {
  return sendWorkbook(reply, statsFileName(stats), await statsWorkbook(stats));
}

/**
 * 短信服务商统计, 企业短信统计, 邮件统计 (issue 14 §3): deliveries per day and per provider or tenant, and their
 * Excel export.
 */
export function registerDeliveryStatsModule(app: FastifyInstance, _deps: ModuleDeps) {
  route(app, getSmsProviderStats, (ctx, { query }) => deliveryStats(ctx, 'sms', 'provider', query));
  route(app, exportSmsProviderStats, async (ctx, { query, reply }) =>
    send(reply, await deliveryStats(ctx, 'sms', 'provider', query)),
  );
  route(app, getSmsTenantStats, (ctx, { query }) => deliveryStats(ctx, 'sms', 'tenant', query));
  route(app, exportSmsTenantStats, async (ctx, { query, reply }) =>
    send(reply, await deliveryStats(ctx, 'sms', 'tenant', query)),
  );
  route(app, getEmailStats, (ctx, { query }) => deliveryStats(ctx, 'email', query.groupBy, query));
  route(app, exportEmailStats, async (ctx, { query, reply }) =>
    send(reply, await deliveryStats(ctx, 'email', query.groupBy, query)),
  );
}

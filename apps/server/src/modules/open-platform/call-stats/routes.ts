import {
  exportCallLogs,
  gatewayOverview,
  getCallStats,
  listCallLogs,
  listOpenApis,
  openServicesOverview,
  CALL_EXPORT_MAX,
} from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { buildWorkbook, sendWorkbook } from '../../../lib/excel.ts';
import { gateway, openApis, services } from './overview.ts';
import { callLogs, callStats } from './reads.ts';

/** How a running instance counts (as the monitor's registry: a heartbeat within 30 s). */
type Health = { readiness(): Promise<{ status: string; failed: string[] }>; instances(): Promise<number> };

export function registerCallStatsRoutes(app: FastifyInstance, health: Health) {
  route(app, getCallStats, (ctx, { query }) => callStats(ctx.db, query, ctx.lang));
  route(app, listCallLogs, (ctx, { query }) => callLogs(ctx.db, query));
  route(app, exportCallLogs, async (ctx, { query, reply }) => {
    const { rows } = await callLogs(ctx.db, query, CALL_EXPORT_MAX);
    const zh = ctx.lang === 'zh';
    const data = await buildWorkbook(
      zh ? '接口调用明细' : 'Open API calls',
      [
        { key: 'at', header: zh ? '时间' : 'Time', width: 22, value: (r) => new Date(r.at) },
        { key: 'requestId', header: zh ? '请求ID' : 'Request id', width: 38 },
        { key: 'appName', header: zh ? '应用' : 'App', value: (r) => r.appName ?? r.appKey },
        { key: 'tenantName', header: zh ? '企业' : 'Enterprise', width: 24 },
        { key: 'operation', header: zh ? '接口' : 'API', width: 22 },
        { key: 'method', header: zh ? '方法' : 'Method', width: 8 },
        { key: 'path', header: zh ? '路径' : 'Path', width: 36 },
        { key: 'httpStatus', header: 'HTTP', width: 8 },
        { key: 'code', header: zh ? '返回码' : 'Code', width: 20 },
        { key: 'latencyMs', header: zh ? '耗时(ms)' : 'Latency (ms)', width: 10 },
        { key: 'authMode', header: zh ? '认证方式' : 'Auth', width: 10 },
        { key: 'ip', header: 'IP', width: 16 },
      ],
      rows,
    );
    return sendWorkbook(reply, zh ? '接口调用明细.xlsx' : 'open-api-calls.xlsx', data) as never;
  });
  route(app, listOpenApis, (ctx) => openApis(ctx.db, ctx.lang));
  route(app, gatewayOverview, (ctx) => gateway(ctx.db, ctx.lang));
  route(app, openServicesOverview, async (ctx) => {
    const [ready, instances, rows] = await Promise.all([
      health.readiness(),
      health.instances(),
      services(ctx.db, ctx.lang),
    ]);
    return { readiness: ready, instances, rows };
  });
}

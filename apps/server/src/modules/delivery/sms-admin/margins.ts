import {
  DEFAULT_SMS_WARN_BELOW,
  type SmsMarginRow,
  type smsMarginExportQuery,
  type smsMarginQuery,
} from '@fpy/contracts';
import { type Db, smsBalances, tenants } from '@fpy/db';
import { and, asc, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { exportFileName, formatChinaTime, MAX_EXPORT_ROWS, checkExportSize } from '../../../crud/export.ts';
import { likePattern, offsetOf } from '../../../data/paging.ts';
import { tenantCondition } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { buildWorkbook, type ExcelColumn } from '../../../lib/excel.ts';
import { notFound } from '../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../lib/write/index.ts';

/**
 * 短信余量: every tenant with its balance — a tenant that never had a recharge has none yet (0 left, the
 * default threshold), so the list starts from tenants and joins the balances. Tenant users see their own row
 * only (the tenant scope of data/tenant-scope.ts on tenants.id).
 */
const balance = sql<number>`coalesce(${smsBalances.balance}, 0)`;
const used = sql<number>`coalesce(${smsBalances.used}, 0)`;
const warnBelow = sql<number>`coalesce(${smsBalances.warnBelow}, ${DEFAULT_SMS_WARN_BELOW})`;

const columns = {
  tenantId: tenants.id,
  tenantName: tenants.name,
  balance,
  used,
  warnBelow,
  updatedAt: smsBalances.updatedAt,
};
const SORTS: Record<string, SQL | typeof tenants.id | typeof tenants.name> = {
  tenantId: tenants.id,
  tenantName: tenants.name,
  balance,
  used,
  warnBelow,
};

type Filters = Pick<z.output<typeof smsMarginQuery>, 'tenantName' | 'low'>;

function whereOf(ctx: AuthedCtx, q: Filters) {
  return and(
    tenantCondition(ctx, tenants.id),
    q.tenantName ? ilike(tenants.name, likePattern(q.tenantName)) : undefined,
    q.low === 'true' ? lt(balance, warnBelow) : q.low === 'false' ? gte(balance, warnBelow) : undefined,
  );
}

function orderOf(sort: string | undefined): SQL[] {
  const key = sort?.replace(/^-/, '');
  const col = key && Object.hasOwn(SORTS, key) ? SORTS[key] : null;
  // Lowest balance first by default: the tenants that need a recharge.
  const primary = col ? (sort!.startsWith('-') ? desc(col) : asc(col)) : asc(balance);
  return [primary, asc(tenants.id)];
}

type Raw = {
  tenantId: number;
  tenantName: string;
  balance: unknown;
  used: unknown;
  warnBelow: unknown;
  updatedAt: Date | null;
};

const toRow = (r: Raw): SmsMarginRow => {
  const b = Number(r.balance);
  const w = Number(r.warnBelow);
  return {
    tenantId: r.tenantId,
    tenantName: r.tenantName,
    balance: b,
    used: Number(r.used),
    warnBelow: w,
    low: b < w,
    updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
  };
};

const from = (db: Db, fields: Record<string, unknown>) =>
  db
    .select(fields as typeof columns)
    .from(tenants)
    .leftJoin(smsBalances, eq(smsBalances.tenantId, tenants.id))
    .$dynamic();

export async function listMargins(ctx: AuthedCtx, q: z.output<typeof smsMarginQuery>) {
  const where = whereOf(ctx, q);
  const [{ n }] = (await from(ctx.db, { n: count() }).where(where)) as unknown as [{ n: number }];
  const total = Number(n);
  if (!total) return { rows: [], total };
  const rows = await from(ctx.db, columns)
    .where(where)
    .orderBy(...orderOf(q.sort))
    .limit(q.limit)
    .offset(offsetOf(q));
  return { rows: (rows as Raw[]).map(toRow), total };
}

/** One tenant's row as the caller may see it; another tenant's is "not found". */
async function marginOf(ctx: AuthedCtx, db: Db, tenantId: number) {
  const [row] = await from(db, columns)
    .where(and(tenantCondition(ctx, tenants.id), eq(tenants.id, tenantId)))
    .limit(1);
  if (!row) throw notFound();
  return toRow(row as Raw);
}

/** The warning threshold: the balance row is created when missing (a tenant warned before any recharge). */
export function updateWarn(ctx: AuthedCtx, tenantId: number, warn: number) {
  return withTransaction(ctx, async (tx) => {
    const before = await marginOf(ctx, tx, tenantId);
    await tx
      .insert(smsBalances)
      .values({ tenantId, warnBelow: warn })
      .onConflictDoUpdate({ target: smsBalances.tenantId, set: { warnBelow: warn, updatedAt: new Date() } });
    await emitAudit(tx, ctx, {
      tenantId,
      resource: 'smsBalances',
      recordId: tenantId,
      action: 'update',
      changes: { warnBelow: { from: before.warnBelow, to: warn } },
    });
    return marginOf(ctx, tx, tenantId);
  });
}

const EXPORT_COLUMNS: ExcelColumn<SmsMarginRow>[] = [
  { key: 'tenantName', header: '企业名称', width: 36 },
  { key: 'balance', header: '短信余量（条）', width: 16 },
  { key: 'used', header: '已用条数', width: 12 },
  { key: 'warnBelow', header: '预警阈值', width: 12 },
  { key: 'low', header: '余量不足', width: 10, value: (r) => (r.low ? '是' : '否') },
  {
    key: 'updatedAt',
    header: '更新时间',
    width: 20,
    value: (r) => (r.updatedAt ? formatChinaTime(new Date(r.updatedAt)) : ''),
  },
];

export async function exportMargins(ctx: AuthedCtx, q: z.output<typeof smsMarginExportQuery>) {
  const where = whereOf(ctx, q);
  const [{ n }] = (await from(ctx.db, { n: count() }).where(where)) as unknown as [{ n: number }];
  checkExportSize(Number(n));
  const rows = await from(ctx.db, columns)
    .where(where)
    .orderBy(...orderOf(q.sort))
    .limit(MAX_EXPORT_ROWS);
  return {
    name: exportFileName('短信余量'),
    data: await buildWorkbook('短信余量', EXPORT_COLUMNS, (rows as Raw[]).map(toRow)),
  };
}

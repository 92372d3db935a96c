import { type Db, scanOrders, users } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { rejectRequests } from '../invoice-requests/index.ts';
import { createOrder } from './verbs/create-order.ts';
import { askOnOrder } from './verbs/submit-order.ts';
import { voidOrder } from './verbs/void-order.ts';

const DAY = 86_400_000;
const MEAL = (name: string, fen: number) => ({ name, amountFen: fen, rate: 'rate_6' as const });

const TITLES = {
  yunfan: { kind: 'company' as const, name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' },
  qinghe: { kind: 'company' as const, name: '杭州青禾餐饮管理有限公司', taxNumber: '91330106MA2CFQ1X6P' },
  person: { kind: 'person' as const, name: '王小明', mobile: '13800138000' },
};

/**
 * The demo company's scan orders on a fresh start (run once: skipped when it has orders), through this module's
 * verbs and invoice-requests' face, in every state the seller and the buyer meet: open (POS receipts and a
 * console order), expired, voided, one waiting for review, one rejected (open again, with the reason the buyer
 * reads), auto-approved ones (the outbox issues them shortly after start; they then read 已开票) and one the
 * bureau refuses (开具失败).
 */
export async function seedOrderDemo(db: Db, adminUsername: string) {
  const [admin] = await db.select().from(users).where(eq(users.username, adminUsername));
  const tenantId = admin?.tenantId;
  if (!tenantId) return;
  const [has] = await db
    .select({ id: scanOrders.id })
    .from(scanOrders)
    .where(and(eq(scanOrders.tenantId, tenantId)))
    .limit(1);
  if (has) return;
  const ctx = {
    db,
    actor: { userId: admin.id, name: admin.name, tenantId, platform: false, codes: new Set<string>() },
    ip: null,
  } as unknown as AuthedCtx;
  const make = (no: string, lines: ReturnType<typeof MEAL>[], origin: 'pos' | 'console' = 'pos', at?: Date) =>
    createOrder(ctx, { tenantId, origin, externalNo: no, lines, at }).then((r) => r.order);

  await make('POS-0001', [MEAL('*餐饮服务*午市套餐', 6_800), MEAL('*餐饮服务*饮品', 1_200)]);
  await make('POS-0002', [MEAL('*餐饮服务*晚市套餐', 23_800)]);
  await make('WEB-0001', [MEAL('*餐饮服务*包间服务费', 50_000)], 'console');
  await make('POS-0003', [MEAL('*餐饮服务*早餐', 2_600)], 'pos', new Date(Date.now() - 45 * DAY));
  const voided = await make('POS-0004', [MEAL('*餐饮服务*外卖', 4_500)]);
  await voidOrder({ ctx, input: { id: voided.id, reason: '顾客退单' } });

  const pending = await make('POS-0005', [MEAL('*餐饮服务*商务宴请', 168_000)]);
  await askOnOrder(ctx, pending, 'digital_special', TITLES.yunfan, false);
  const rejected = await make('POS-0006', [MEAL('*餐饮服务*午市套餐', 8_800)]);
  const asked = await askOnOrder(ctx, rejected, 'digital_ordinary', TITLES.person, false);
  await rejectRequests({ ctx, input: { ids: [asked.id], reason: '个人抬头请在收银台开具纸质发票' } });
  // A legacy e-invoice type the sandbox bureau does not issue: the request reads 开具失败 with the bureau's reason.
  const refused = await make('POS-0009', [MEAL('*餐饮服务*餐费', 5_600)]);
  await askOnOrder(ctx, refused, 'electronic_ordinary', TITLES.qinghe, true);
  for (const [no, fen, title] of [
    ['POS-0007', 12_800, TITLES.qinghe],
    ['POS-0008', 3_600, TITLES.person],
  ] as const) {
    const o = await make(no, [MEAL('*餐饮服务*餐费', fen)]);
    await askOnOrder(ctx, o, 'digital_ordinary', title, true);
  }
}

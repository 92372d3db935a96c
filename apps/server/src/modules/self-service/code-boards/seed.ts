import { codeBoards, commodities, type Db, users } from '@fpy/db';
import { and, asc, eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { emitAudit, withTransaction } from '../../../lib/write/index.ts';
import { printNameOf } from '../../sales/commodities/index.ts';
import { rejectRequests, submitRequest } from '../invoice-requests/index.ts';
import { newBoardCode } from './code.ts';

interface DemoBoard {
  name: string;
  kind: 'shop' | 'counter' | 'business';
  invoiceKind: 'allEle' | 'normal';
  businessLine?: string;
  capFen: number;
  approval: 'auto' | 'manual';
  enabled: boolean;
  /** Positions in the company's goods (by id). */
  goods: number[];
}

const BOARDS: DemoBoard[] = [
  {
    name: '前台收银码牌',
    kind: 'counter',
    invoiceKind: 'allEle',
    capFen: 200_000,
    approval: 'auto',
    enabled: true,
    goods: [0, 1],
  },
  {
    name: '门店服务码牌',
    kind: 'shop',
    invoiceKind: 'normal',
    capFen: 50_000,
    approval: 'manual',
    enabled: true,
    goods: [0],
  },
  {
    name: '物业缴费码牌',
    kind: 'business',
    invoiceKind: 'allEle',
    businessLine: '物业服务',
    capFen: 500_000,
    approval: 'manual',
    enabled: true,
    goods: [1, 2],
  },
  {
    name: '旧版柜台码牌（已停用）',
    kind: 'counter',
    invoiceKind: 'allEle',
    capFen: 10_000,
    approval: 'auto',
    enabled: false,
    goods: [0],
  },
];

const BUYERS = [
  {
    kind: 'company' as const,
    name: '上海云帆信息技术有限公司',
    taxNumber: '91310104MA1FR8KX39',
    email: 'finance@yunfan.example',
  },
  { kind: 'person' as const, name: '王小明', mobile: '13800138000' },
  { kind: 'company' as const, name: '杭州青禾餐饮管理有限公司', taxNumber: '91330106MA2CFQ1X6P' },
];

/**
 * The demo company's code boards on a fresh start (run once: skipped when it has boards), and requests through
 * them in every state the seller meets: auto-approved ones (the outbox sweep issues them shortly after start),
 * pending ones waiting in 开票申请, one rejected with its reason. Requests go through invoice-requests' face.
 */
export async function seedBoardDemo(db: Db, adminUsername: string) {
  const [admin] = await db.select().from(users).where(eq(users.username, adminUsername));
  const tenantId = admin?.tenantId;
  if (!tenantId) return;
  const [has] = await db
    .select({ id: codeBoards.id })
    .from(codeBoards)
    .where(eq(codeBoards.tenantId, tenantId))
    .limit(1);
  if (has) return;
  const goods = await db
    .select()
    .from(commodities)
    .where(and(eq(commodities.tenantId, tenantId), eq(commodities.status, 1)))
    .orderBy(asc(commodities.id))
    .limit(3);
  if (!goods.length) return;
  const ctx = {
    db,
    actor: { userId: admin.id, name: admin.name, tenantId, platform: false },
    ip: null,
  } as unknown as AuthedCtx;
  const boards = await withTransaction(ctx, async (tx) => {
    const rows = [];
    for (const b of BOARDS) {
      const ids = [...new Set(b.goods.map((i) => goods[Math.min(i, goods.length - 1)].id))].sort(
        (x, y) => x - y,
      );
      const [row] = await tx
        .insert(codeBoards)
        .values({
          tenantId,
          code: newBoardCode(),
          name: b.name,
          kind: b.kind,
          invoiceKind: b.invoiceKind,
          businessLine: b.businessLine ?? null,
          categoryIds: ids.join(','),
          capFen: b.capFen,
          approval: b.approval,
          enabled: b.enabled,
        })
        .returning();
      await emitAudit(tx, ctx, {
        tenantId,
        resource: 'codeBoards',
        recordId: row.id,
        action: 'create',
        changes: { name: row.name },
      });
      rows.push(row);
    }
    return rows;
  });
  const [counter, shop, estate] = boards;
  const asks: { board: typeof counter; fen: number; buyer: number; auto: boolean }[] = [
    { board: counter, fen: 12_800, buyer: 0, auto: true },
    { board: counter, fen: 3_600, buyer: 1, auto: true },
    { board: shop, fen: 28_000, buyer: 2, auto: false },
    { board: estate, fen: 156_000, buyer: 0, auto: false },
    { board: shop, fen: 9_900, buyer: 1, auto: false },
  ];
  const ids: number[] = [];
  for (const a of asks) {
    const category = goods.find((g) => a.board.categoryIds.split(',').map(Number).includes(g.id)) ?? goods[0];
    const r = await withTransaction(ctx, (tx) =>
      submitRequest(
        tx,
        { actor: null, ip: null },
        {
          tenantId,
          source: 'board',
          sourceId: a.board.id,
          amountFen: a.fen,
          invoiceType: a.board.invoiceKind === 'normal' ? 'electronic_ordinary' : 'digital_ordinary',
          lines: [
            {
              name: printNameOf(category.shortName, category.name),
              amountFen: a.fen,
              rate: category.rate,
              taxCode: category.taxCode,
              commodityId: category.id,
            },
          ],
          title: BUYERS[a.buyer],
          autoApprove: a.auto,
        },
      ),
    );
    ids.push(r.id);
  }
  // The last one: declined by the seller, with the reason the buyer reads.
  await rejectRequests({
    ctx,
    input: { ids: [ids[ids.length - 1]], reason: '金额与小票不符，请核对后重新申请' },
  });
}

import { type Db, receivedCodeRules, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { AuthedCtx } from '../http/context.ts';
import { applyRules } from '../modules/purchase/code-update/index.ts';

const quiet = { warn() {}, info() {}, error() {}, debug() {} };

/**
 * The demo company's 入账编码规则 (/receiptsInvoice/codeUpdate): what its finance books each kind of purchase to
 * — the goods of the sandbox suppliers (办公用品, 运输服务 …) to 会计科目 of the 企业会计准则 chart, stock to a 物料编码,
 * and one rule by 税收分类简称 — applied once, so the rules list shows coded counts and 发票查询's detail shows each
 * line's codes on a fresh start. Runs once (skipped when the company has rules).
 */
const RULES: {
  matchKind: 'keyword' | 'category';
  matchValue: string;
  subjectCode: string;
  subjectName: string;
  materialCode?: string;
  priority?: number;
  remark?: string;
}[] = [
  { matchKind: 'keyword', matchValue: '办公用品', subjectCode: '660202', subjectName: '管理费用-办公费' },
  { matchKind: 'keyword', matchValue: '打印纸', subjectCode: '660202', subjectName: '管理费用-办公费' },
  {
    matchKind: 'keyword',
    matchValue: '文件柜',
    subjectCode: '1601',
    subjectName: '固定资产',
    materialCode: 'GD-BG-0001',
    remark: '办公家具按固定资产入账',
  },
  { matchKind: 'keyword', matchValue: '运输服务', subjectCode: '660105', subjectName: '销售费用-运输费' },
  { matchKind: 'keyword', matchValue: '仓储装卸', subjectCode: '660106', subjectName: '销售费用-仓储费' },
  {
    matchKind: 'keyword',
    matchValue: '软件服务费',
    subjectCode: '660206',
    subjectName: '管理费用-技术服务费',
  },
  { matchKind: 'keyword', matchValue: '技术咨询', subjectCode: '660207', subjectName: '管理费用-咨询费' },
  { matchKind: 'keyword', matchValue: '物业管理费', subjectCode: '660203', subjectName: '管理费用-物业费' },
  { matchKind: 'keyword', matchValue: '设计服务费', subjectCode: '660108', subjectName: '销售费用-广告费' },
  {
    matchKind: 'keyword',
    matchValue: '五金配件',
    subjectCode: '1403',
    subjectName: '原材料',
    materialCode: 'YL-WJ-0100',
  },
  {
    matchKind: 'category',
    matchValue: '办公用品',
    subjectCode: '660202',
    subjectName: '管理费用-办公费',
    priority: 50,
    remark: '按税收分类简称匹配（*办公用品*…）',
  },
];

export async function seedCodeRulesDemo(db: Db, username = 'demo') {
  const [u] = await db.select().from(users).where(eq(users.username, username));
  if (!u?.tenantId) return;
  const tenantId = u.tenantId;
  const had = await db
    .select({ id: receivedCodeRules.id })
    .from(receivedCodeRules)
    .where(eq(receivedCodeRules.tenantId, tenantId))
    .limit(1);
  if (had.length) return;
  await db.insert(receivedCodeRules).values(
    RULES.map((r) => ({
      tenantId,
      matchKind: r.matchKind,
      matchValue: r.matchValue,
      subjectCode: r.subjectCode,
      subjectName: r.subjectName,
      materialCode: r.materialCode ?? null,
      priority: r.priority ?? 100,
      remark: r.remark ?? null,
    })),
  );
  // The seed has no request: the company's administrator applies the rules, as 批量更新编码 would.
  const ctx = {
    db,
    log: quiet,
    ip: null,
    lang: 'zh',
    actor: { userId: u.id, name: u.name, tenantId, isSuperAdmin: u.isSuperAdmin },
  } as unknown as AuthedCtx;
  await applyRules(ctx, { preview: false, overwrite: false });
}

import type { Db } from '@fpy/db';
import { commodities, customers, elements, groupElements, groupMenus, menus } from '@fpy/db';
import { eq, inArray } from 'drizzle-orm';
import { initialsOf } from '../lib/initials.ts';
import { referenceRows } from '../modules/sales/tax-codes/index.ts';

/** [own code, name, tax code, spec, unit, unit price, pricing mode, rate] — codes of the shipped national table. */
const GOODS: [string, string, string, string | null, string, string, 'exclusive' | 'inclusive', string][] = [
  ['000001', '接口服务费', '3040201030000000000', null, '次', '1000', 'exclusive', 'rate_6'],
  ['000002', '云主机托管服务', '3040203000000000000', '4核8G', '月', '2800', 'exclusive', 'rate_6'],
  [
    '000003',
    'ThinkPad X1 Carbon 笔记本电脑',
    '1090509010000000000',
    'X1 Carbon Gen 12',
    '台',
    '9999',
    'inclusive',
    'rate_13',
  ],
  ['000004', '会议餐饮服务', '3070401000000000000', null, '人次', '120', 'inclusive', 'rate_6'],
  ['000005', '增值税实务（2026版）', '1060201019900000000', '16开', '本', '68', 'inclusive', 'rate_9'],
  ['000006', '地下车库停车费', '3040502020200000000', null, '月', '300', 'inclusive', 'rate_9'],
];

/** Buyer titles: four companies (valid GB 32100 codes) and one natural person (普票 only). */
const BUYERS: Omit<typeof customers.$inferInsert, 'tenantId' | 'initials'>[] = [
  {
    name: '上海云帆信息技术有限公司',
    taxNumber: '91310104MA1FR8KX39',
    address: '上海市徐汇区漕溪北路398号',
    phone: '021-64870000',
    bank: '中国建设银行上海徐汇支行',
    account: '31050161393600001234',
    email: 'finance@yunfan.example',
    defaultInvoiceType: 'digital_special',
  },
  {
    name: '苏州工业园区星河电子有限公司',
    taxNumber: '91320594MA1WQ2LB8E',
    address: '苏州工业园区星湖街328号',
    phone: '0512-62880000',
    bank: '中国银行苏州工业园区支行',
    account: '507858200000001234',
    defaultInvoiceType: 'digital_ordinary',
  },
  {
    name: '深圳前海数智科技有限公司',
    taxNumber: '91440300MA5G7CKN2F',
    address: '深圳市前海深港合作区前湾一路1号',
    phone: '0755-86960000',
    email: 'ap@qianhai-ds.example',
    defaultInvoiceType: 'digital_special',
  },
  {
    name: '北京知行文化传媒有限公司',
    taxNumber: '91110105MA01T4HJ6D',
    defaultInvoiceType: 'digital_ordinary',
  },
  {
    name: '王小明',
    naturalPerson: true,
    mobile: '13700000001',
    email: 'wangxm@example.com',
    defaultInvoiceType: 'digital_ordinary',
  },
];

/**
 * The demo company's goods codes and customers, and query-only access to the goods-code page for the
 * clerk's 普通用户 group. Runs inside the demo seed's transaction (once per database); tests create their
 * own rows and never rely on these beyond their existence.
 */
export async function seedBillingDemo(db: Db, tenantId: number, staffGroupId: number) {
  const table = new Map(referenceRows().map((r) => [r.code, r]));
  await db.insert(commodities).values(
    GOODS.map(([ownCode, name, taxCode, spec, unit, unitPrice, pricingMode, rate]) => {
      // The short name is the table's, as an invoice line prints it (*简称*名称).
      const shortName = table.get(taxCode)?.shortName ?? '';
      return {
        tenantId,
        ownCode,
        name,
        shortName,
        taxCode,
        spec,
        unit,
        unitPrice,
        pricingMode,
        rate,
        initials: initialsOf(name, shortName),
      };
    }),
  );
  await db.insert(customers).values(BUYERS.map((b) => ({ ...b, tenantId, initials: initialsOf(b.name) })));

  // The clerk may look at the four invoicing-data pages but change nothing: the menus, plus goods-code
  // 查询 (its only element that is not an action).
  const readOnly = await db
    .select({ id: menus.id })
    .from(menus)
    .where(inArray(menus.code, ['taxClassCode', 'goodsCode', 'goodsCompare', 'myCustomer']));
  if (readOnly.length)
    await db
      .insert(groupMenus)
      .values(readOnly.map((m) => ({ groupId: staffGroupId, menuId: m.id })))
      .onConflictDoNothing();
  const [query] = await db
    .select({ id: elements.id })
    .from(elements)
    .where(eq(elements.code, 'goodsCode:btn_query'));
  if (query)
    await db
      .insert(groupElements)
      .values({ groupId: staffGroupId, elementId: query.id })
      .onConflictDoNothing();
}

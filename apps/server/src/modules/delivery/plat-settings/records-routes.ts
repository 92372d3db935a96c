import {
  type BillMonth,
  disableShortLinks,
  exportBill,
  exportShortLinks,
  expireShortLinks,
  extendShortLinks,
  getBill,
  listShortLinks,
  type ShortLinkRow,
} from '@fpy/contracts';
import { deliveryStatusName, formatYuan } from '@fpy/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { badRequest } from '../../../lib/errors.ts';
import { buildWorkbook, type ExcelColumn, sendWorkbook } from '../../../lib/excel.ts';
import { currentYear, loadBill } from './bill.ts';
import { shortLinkSelection, toRow } from './short-links.ts';
import { listShortLinkPage } from './short-links.ts';
import { disableLinks } from './verbs/disable-short-links.ts';
import { expireLinks } from './verbs/expire-short-links.ts';
import { extendLinks } from './verbs/extend-short-links.ts';

const MAX_EXPORT_ROWS = 10_000;
type Lang = 'zh' | 'en';
const say = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en : zh);

// Times in the sheet as the console shows them: Asia/Shanghai, yyyy-MM-dd HH:mm:ss.
const shanghai = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ') : '';

const STATUS = {
  active: ['有效', 'Active'],
  expired: ['已过期', 'Expired'],
  disabled: ['已停用', 'Disabled'],
} as const;

const linkColumns = (lang: Lang): ExcelColumn<ShortLinkRow>[] => [
  { key: 'code', header: say(lang, '短链接编码', 'Code'), width: 18 },
  { key: 'invoiceNumber', header: say(lang, '发票号码', 'Invoice number'), width: 24 },
  { key: 'buyerName', header: say(lang, '购买方名称', 'Buyer'), width: 30 },
  { key: 'invoiceCount', header: say(lang, '发票张数', 'Invoices'), width: 10 },
  {
    key: 'status',
    header: say(lang, '状态', 'Status'),
    width: 10,
    value: (r) => STATUS[r.status][lang === 'en' ? 1 : 0],
  },
  {
    key: 'createdAt',
    header: say(lang, '创建时间', 'Created'),
    width: 20,
    value: (r) => shanghai(r.createdAt),
  },
  {
    key: 'expiresAt',
    header: say(lang, '到期时间', 'Expires'),
    width: 20,
    value: (r) => (r.expiresAt ? shanghai(r.expiresAt) : say(lang, '永久有效', 'Never')),
  },
  { key: 'opens', header: say(lang, '打开次数', 'Opens'), width: 10 },
  {
    key: 'lastOpenedAt',
    header: say(lang, '最后打开时间', 'Last opened'),
    width: 20,
    value: (r) => shanghai(r.lastOpenedAt),
  },
  {
    key: 'disabledAt',
    header: say(lang, '停用时间', 'Disabled'),
    width: 20,
    value: (r) => shanghai(r.disabledAt),
  },
];

const billColumns = (lang: Lang): ExcelColumn<BillMonth>[] => [
  { key: 'month', header: say(lang, '月份', 'Month'), width: 10 },
  { key: 'smsTotal', header: say(lang, '短信请求数', 'SMS requests') },
  // The states' words are the catalogue's (@fpy/domain DELIVERY_STATUS_NAMES), as on every page.
  { key: 'smsAccepted', header: `${say(lang, '短信', 'SMS ')}${deliveryStatusName('accepted', lang)}` },
  { key: 'smsDelivered', header: `${say(lang, '短信', 'SMS ')}${deliveryStatusName('delivered', lang)}` },
  { key: 'smsFailed', header: say(lang, '短信失败', 'SMS failed') },
  { key: 'smsUnits', header: say(lang, '短信计费条数', 'SMS units charged') },
  { key: 'emailTotal', header: say(lang, '邮件请求数', 'E-mail requests') },
  { key: 'emailAccepted', header: `${say(lang, '邮件', 'E-mail ')}${deliveryStatusName('accepted', lang)}` },
  {
    key: 'emailDelivered',
    header: `${say(lang, '邮件', 'E-mail ')}${deliveryStatusName('delivered', lang)}`,
  },
  { key: 'emailFailed', header: say(lang, '邮件失败', 'E-mails failed') },
  { key: 'rechargeAmount', header: say(lang, '充值条数', 'Messages recharged') },
  {
    key: 'rechargePaidFen',
    header: say(lang, '充值金额（元）', 'Paid (yuan)'),
    value: (r) => formatYuan(r.rechargePaidFen),
  },
];

export function registerRecordRoutes(app: FastifyInstance) {
  route(app, listShortLinks, (ctx, { query }) => listShortLinkPage(ctx, query));

  route(app, exportShortLinks, async (ctx, { query, reply }) => {
    const now = new Date();
    const sel = shortLinkSelection(ctx, query, now);
    const total = await sel.total();
    if (total > MAX_EXPORT_ROWS) throw badRequest('EXPORT_TOO_LARGE', { total, max: MAX_EXPORT_ROWS });
    const rows = (await sel.rows(MAX_EXPORT_ROWS, 0)).map((r) => toRow(r, now));
    const sheet = say(ctx.lang, '短链接', 'Short links');
    return sendWorkbook(reply, `${sheet}.xlsx`, await buildWorkbook(sheet, linkColumns(ctx.lang), rows));
  });

  route(app, disableShortLinks, (ctx, { body }) => disableLinks({ ctx, input: body }));
  route(app, extendShortLinks, (ctx, { body }) => extendLinks({ ctx, input: body }));
  route(app, expireShortLinks, (ctx, { body }) => expireLinks({ ctx, input: body }));

  route(app, getBill, (ctx, { query }) => loadBill(ctx, query.year ?? currentYear()));

  route(app, exportBill, async (ctx, { query, reply }) => {
    const bill = await loadBill(ctx, query.year ?? currentYear());
    const total = { month: say(ctx.lang, '合计', 'Total'), ...bill.totals };
    const sheet = say(ctx.lang, `${bill.year}年账单`, `Bill ${bill.year}`);
    return sendWorkbook(
      reply,
      `${sheet}.xlsx`,
      await buildWorkbook(sheet, billColumns(ctx.lang), [...bill.months, total]),
    );
  });
}

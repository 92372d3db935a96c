/**
 * What a title QR code says (issue 30 §3): the phone decodes the image, this reads the text. Formats met on
 * title cards and apps:
 * - WeChat "我的发票抬头" codes: a link `https://mp.weixin.qq.com/intp/invoice/usertitlewxa?…invoice_key=…` that
 *   only the WeChat API (`card/invoice/scantitle`, server side, the tenant's WeChat account) can read: reported
 *   as `wechat` with the link, never guessed.
 * - JSON in the shapes of wx.chooseInvoiceTitle (type, title, taxNumber, companyAddress, telephone, bankName,
 *   bankAccount), of WeChat's scantitle answer (title_type, title, tax_no, addr, phone, bank_type, bank_no) and
 *   the common Chinese / pinyin keys (名称, 税号, gfmc, nsrsbh …).
 * - "key：value" lines printed on title cards (名称：…\n税号：…\n地址电话：…\n开户行及账号：…).
 * - A link whose query carries the same keys (name=…&taxNo=…).
 * A code that is none of them (an invoice's own QR `01,32,,…`, a payment link) is `unknown`.
 */
import type { BuyerTitle } from './buyer-title.ts';

export type TitleQr =
  | { format: 'title'; title: BuyerTitle }
  | { format: 'wechat'; link: string }
  | { format: 'unknown' };

const WECHAT_TITLE = /^https?:\/\/mp\.weixin\.qq\.com\/intp\/invoice\/usertitlewxa\b/i;

type Key =
  | 'name'
  | 'taxNumber'
  | 'address'
  | 'phone'
  | 'bank'
  | 'account'
  | 'addressPhone'
  | 'bankAccount'
  | 'kind';
/** Lower-cased, without spaces, underscores and hyphens → our field. */
const KEYS: Record<string, Key> = {};
const alias = (key: Key, ...names: string[]) => {
  for (const n of names) KEYS[n.toLowerCase().replace(/[\s_-]/g, '')] = key;
};
alias(
  'name',
  'name',
  'title',
  'titlename',
  'companyname',
  'buyername',
  'gfmc',
  'mc',
  'dwmc',
  '名称',
  '单位名称',
  '抬头',
  '发票抬头',
  '公司名称',
  '购买方名称',
  '企业名称',
);
alias(
  'taxNumber',
  'taxnumber',
  'taxno',
  'taxnum',
  'taxid',
  'taxcode',
  'creditcode',
  'nsrsbh',
  'gfsh',
  'sh',
  'shuihao',
  '税号',
  '纳税人识别号',
  '统一社会信用代码',
  '识别号',
  '信用代码',
);
alias('address', 'address', 'addr', 'companyaddress', 'dz', '地址', '单位地址', '公司地址');
alias('phone', 'phone', 'tel', 'telephone', 'mobile', 'dh', '电话', '联系电话', '电话号码');
alias('bank', 'bank', 'bankname', 'banktype', 'khh', 'khyh', '开户行', '开户银行', '银行');
alias('account', 'account', 'bankaccount', 'bankno', 'zh', 'yhzh', '账号', '银行账号', '开户账号');
alias('addressPhone', 'gfdzdh', 'dzdh', '地址电话', '地址、电话', '地址及电话');
alias('bankAccount', 'gfyhzh', 'khhjzh', '开户行及账号', '开户行及帐号', '开户行、账号');
alias('kind', 'type', 'titletype', 'kind', '抬头类型', '类型');

const keyOf = (raw: string) => KEYS[raw.toLowerCase().replace(/[\s_\-:：]/g, '')];

function fromPairs(pairs: [string, unknown][]): BuyerTitle | null {
  const got: Partial<Record<Key, string>> = {};
  for (const [k, v] of pairs) {
    const key = keyOf(k);
    if (!key || got[key] !== undefined) continue;
    if (typeof v === 'string' || typeof v === 'number') {
      const s = String(v).trim();
      if (s) got[key] = s;
    }
  }
  if (!got.name) return null;
  const t: BuyerTitle = { kind: 'company', name: got.name };
  // wx.chooseInvoiceTitle and scantitle: 0 = 单位, 1 = 个人.
  if (got.kind === '1' || got.kind === '个人' || got.kind?.toLowerCase() === 'person') t.kind = 'person';
  if (got.taxNumber) t.taxNumber = got.taxNumber.replace(/\s+/g, '').toUpperCase();
  const split = (both: string | undefined): [string?, string?] => {
    if (!both) return [];
    // "地址 电话" / "开户行 账号": the last run of digits and dashes is the number.
    const m = both.match(/^(.*?)[\s,，]*([\d-]{5,})$/);
    return m ? [m[1].trim() || undefined, m[2]] : [both];
  };
  const [addr, tel] = split(got.addressPhone);
  const [bank, acct] = split(got.bankAccount);
  const address = got.address ?? addr;
  const phone = got.phone ?? tel;
  const bankName = got.bank ?? bank;
  const account = got.account ?? acct;
  if (address) t.address = address;
  if (phone) t.phone = phone;
  if (bankName) t.bank = bankName;
  if (account) t.account = account;
  return t;
}

/** Reads a decoded QR text as a title (see the formats above). Never throws. */
export function parseTitleQr(text: string): TitleQr {
  const s = text.trim();
  if (!s || s.length > 4096) return { format: 'unknown' };
  if (WECHAT_TITLE.test(s)) return { format: 'wechat', link: s };
  if (s.startsWith('{')) {
    try {
      const obj = JSON.parse(s) as unknown;
      if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
        const t = fromPairs(Object.entries(obj));
        if (t) return { format: 'title', title: t };
      }
    } catch {
      // not JSON after all: try the other shapes
    }
  }
  if (/^https?:\/\//i.test(s)) {
    try {
      const t = fromPairs([...new URL(s).searchParams.entries()]);
      return t ? { format: 'title', title: t } : { format: 'unknown' };
    } catch {
      return { format: 'unknown' };
    }
  }
  const lines = s
    .split(/[\r\n;；]+|(?<=\S)\s{2,}(?=\S)/)
    .map((l) => l.trim())
    .filter(Boolean);
  const pairs: [string, string][] = [];
  for (const line of lines) {
    const m = line.match(/^([^:：=]{1,12})[:：=]\s*(.*)$/);
    if (m) pairs.push([m[1], m[2]]);
  }
  const t = pairs.length ? fromPairs(pairs) : null;
  return t ? { format: 'title', title: t } : { format: 'unknown' };
}

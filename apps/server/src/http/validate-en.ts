import { CJK_RE, LocalText } from '@fpy/contracts';
import { z } from 'zod';

const en = z.locales.en().localeError;

/**
 * Messages the contracts' schemas write themselves (in Chinese), as patterns with their English. The figures are
 * carried over; a Chinese label in a pattern is dropped, since the field's key is named beside the message.
 */
const PATTERNS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^(.*)不能超过(\d+)个字符$/, (m) => `must not exceed ${m[2]} characters`],
  [/^(.*)至少(\d+)个字符$/, (m) => `needs at least ${m[2]} characters`],
  [/^请输入(.*)$/, () => 'is required'],
  [/^请选择(.*)$/, () => 'is required'],
  [/^(.*)不能为空$/, () => 'must not be empty'],
  [/^一次最多(?:选择|删除|打包)?(\d+)(?:项|条|张)?(?:发票)?$/, (m) => `at most ${m[1]} items at once`],
  [/^须为正整数ID$/, () => 'must be a positive integer ID'],
  [/^ID不能大于(\d+)$/, (m) => `an ID cannot exceed ${m[1]}`],
  [/^(.*)不能包含控制字符$/, () => 'must not contain control characters'],
  [/^(.*)包含无效的字符$/, () => 'contains an invalid character'],
  [
    /^(.*)不能包含发票上无法打印的字符(.*)$/,
    () => 'contains a character that cannot be printed on an invoice',
  ],
  [/^日期格式应为 yyyy-MM-dd$/, () => 'the date must be yyyy-MM-dd'],
  [/^日期不存在或不在(\d+)–(\d+)年之间$/, (m) => `no such date, or not between ${m[1]} and ${m[2]}`],
  [/^开始日期不能晚于结束日期$/, () => 'the start date cannot be after the end date'],
  [/^时间格式应为/, () => 'the time must be yyyy-MM-dd HH:mm:ss or ISO 8601'],
  [/^页码须为整数$/, () => 'the page must be an integer'],
  [/^页码须从1开始$/, () => 'pages start at 1'],
  [/^页码不能超过(\d+)$/, (m) => `the page cannot exceed ${m[1]}`],
  [/^每页条数须为整数$/, () => 'the page size must be an integer'],
  [/^每页至少1条$/, () => 'the page size must be at least 1'],
  [/^每页最多(\d+)条$/, (m) => `the page size cannot exceed ${m[1]}`],
  [
    /^排序字段只能是 ([^（]*)/,
    (m) => `the sort field must be one of ${m[1].replaceAll('、', ', ')} (prefix - to reverse)`,
  ],
  [/^金额须为以分计的整数$/, () => 'an amount must be a whole number of fen'],
  [/^金额超出范围/, () => 'the amount is out of range: at most 12 integer digits'],
  [/^金额不能为负数$/, () => 'an amount cannot be negative'],
  [
    /^(.*)须为(不小于0的)?数字，整数部分最多(\d+)位，最多(\d+)位小数$/,
    (m) =>
      `must be a ${m[2] ? 'non-negative ' : ''}number with at most ${m[3]} integer digits and ${m[4]} decimals`,
  ],
  [/^金额格式不正确/, () => 'malformed amount: at most 12 integer digits and 2 decimals'],
  [/格式不正确/, () => 'is not in the right format'],
  [/不存在/, () => 'does not exist'],
];

/**
 * One schema issue in both languages. Chinese: what zod (zh-CN) or the schema said, as before. English: the
 * schema's own wording translated when it is one of the shared patterns, else zod's English for the issue.
 */
export function schemaIssueText(issue: z.core.$ZodIssue, withInput: z.core.$ZodIssue): LocalText {
  const zh = issue.message;
  if (!CJK_RE.test(zh)) return new LocalText(zh, zh);
  for (const [re, say] of PATTERNS) {
    const m = re.exec(zh);
    if (m) return new LocalText(zh, say(m));
  }
  const out = en(withInput as never);
  const text = typeof out === 'string' ? out : out?.message;
  return new LocalText(zh, text && !CJK_RE.test(text) ? text : 'Invalid input');
}

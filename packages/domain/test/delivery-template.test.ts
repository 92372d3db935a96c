import { describe, expect, it } from 'vitest';
import {
  mobileAmong,
  normalizeRecipient,
  recipientProblem,
  renderTemplate,
  smsSegments,
  templateVariables,
} from '../src/delivery/index.ts';

const vars = {
  buyerName: '上海云帆信息技术有限公司',
  invoiceNumber: '25312000000012345678',
  amount: '226.00',
  link: 'https://fp.example.com/s/Ab3dEf7hJk9m',
};

describe('renderTemplate', () => {
  it.each([
    ['您好，{{buyerName}}', '您好，上海云帆信息技术有限公司'],
    ['{{ invoiceNumber }}/{{amount}}元', '25312000000012345678/226.00元'],
    ['{{buyerName}}{{buyerName}}', '上海云帆信息技术有限公司上海云帆信息技术有限公司'],
    ['未知变量：[{{nope}}]', '未知变量：[]'],
    ['不是占位符：{buyerName} {{ 1x }} {{buyer-name}}', '不是占位符：{buyerName} {{ 1x }} {{buyer-name}}'],
    ['原型链：[{{constructor}}][{{__proto__}}][{{toString}}]', '原型链：[][][]'],
    ['', ''],
  ])('%s', (text, expected) => expect(renderTemplate(text, vars)).toBe(expected));

  it('never re-scans inserted values', () => {
    expect(renderTemplate('{{buyerName}}', { buyerName: '{{link}}', link: 'x' })).toBe('{{link}}');
  });
  it('null and undefined values render empty', () => {
    expect(renderTemplate('[{{a}}][{{b}}]', { a: null, b: undefined })).toBe('[][]');
  });
  it('lists the variables once each, in order', () => {
    expect(templateVariables('{{link}} {{ buyerName }} {{link}} {x}')).toEqual(['link', 'buyerName']);
  });
});

describe('smsSegments (70 one segment, 67 per part beyond)', () => {
  const s = (n: number, ch = '票') => ch.repeat(n);
  it.each([
    [0, 0],
    [1, 1],
    [70, 1],
    [71, 2],
    [134, 2],
    [135, 3],
    [201, 3],
    [202, 4],
    [670, 10],
  ])('%i characters → %i segments', (n, segments) => {
    expect(smsSegments(s(n))).toBe(segments);
    expect(smsSegments(s(n, 'a'))).toBe(segments);
  });
  it('counts an emoji outside the BMP as one character', () => {
    expect(smsSegments(`${s(69)}😀`)).toBe(1);
    expect(smsSegments(`${s(70)}😀`)).toBe(2);
  });
});

describe('recipients', () => {
  it.each([
    ['email', 'buyer@example.com', null],
    ['email', ' Buyer.Name+tag@Example.COM ', null],
    ['email', 'a@b.cn', null],
    ['email', 'not-an-email', '收件邮箱格式不正确'],
    ['email', 'a@b', '收件邮箱格式不正确'],
    ['email', 'a b@c.com', '收件邮箱格式不正确'],
    ['email', 'a@@c.com', '收件邮箱格式不正确'],
    ['email', 'a..b@c.com', '收件邮箱格式不正确'],
    ['email', `${'a'.repeat(120)}@example.com`, '收件邮箱格式不正确'],
    ['sms', '13800138000', null],
    ['sms', '19912345678', null],
    ['sms', '12800138000', '手机号码格式不正确，须为11位中国大陆手机号'],
    ['sms', '1380013800', '手机号码格式不正确，须为11位中国大陆手机号'],
    ['sms', '138001380001', '手机号码格式不正确，须为11位中国大陆手机号'],
    ['sms', '021-12345678', '手机号码格式不正确，须为11位中国大陆手机号'],
  ] as const)('%s %s', (channel, value, problem) => expect(recipientProblem(channel, value)).toBe(problem));

  it('normalizes e-mail to lower case, keeps mobiles as typed', () => {
    expect(normalizeRecipient('email', ' A@B.CN ')).toBe('a@b.cn');
    expect(normalizeRecipient('sms', ' 13800138000 ')).toBe('13800138000');
  });

  it.each([
    [['021-12345678', '138 0013 8000'], '13800138000'],
    [['+86 13800138000'], '13800138000'],
    [['上海市 021-12345678'], null],
    [[null, undefined, ''], null],
  ] as const)('mobileAmong %j', (values, expected) => expect(mobileAmong(...values)).toBe(expected));
});

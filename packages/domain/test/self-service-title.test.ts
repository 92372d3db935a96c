import { describe, expect, it } from 'vitest';
import {
  type BuyerFormRules,
  type BuyerTitle,
  DEFAULT_BUYER_FORM_RULES,
  approvalNeeded,
  checkBuyerTitle,
  isChineseIdNumber,
  normalizeBuyerTitle,
  parseTitleQr,
  saneBuyerFormRules,
  titleErrors,
} from '../src/index.ts';

const rules = DEFAULT_BUYER_FORM_RULES;
const company = (over: Partial<BuyerTitle> = {}): BuyerTitle => ({
  kind: 'company',
  name: '北京示例科技有限公司',
  taxNumber: '91110108MA019HQRX9',
  ...over,
});
const codes = (t: BuyerTitle, type = 'digital_ordinary' as const, r: BuyerFormRules = rules) =>
  checkBuyerTitle(normalizeBuyerTitle(t), type, r).map((p) => `${p.field}:${p.code}:${p.severity}`);

describe('checkBuyerTitle', () => {
  it('a good company title has no problem', () => {
    expect(codes(company())).toEqual([]);
    expect(codes(company(), 'digital_special' as never)).toEqual([]);
  });

  it('requires a name and bounds it', () => {
    expect(codes(company({ name: '  ' }))).toEqual(['name:title_name_required:error']);
    expect(codes(company({ name: '公'.repeat(101) }))).toEqual(['name:title_name_too_long:error']);
    expect(codes(company({ name: '公'.repeat(100) }))).toEqual([]);
  });

  it('warns on a short company name (bureau restriction, §5.3), not on a person', () => {
    expect(codes(company({ name: '某某公司' }))).toEqual(['name:title_name_short:warning']);
    expect(codes({ kind: 'person', name: '张三' })).toEqual([]);
  });

  it('a checksum failure is a warning, a malformed number an error (§5.1)', () => {
    expect(codes(company({ taxNumber: '91350100M0001TGQXM' }))).toEqual([
      'taxNumber:title_tax_number_checksum:warning',
    ]);
    expect(codes(company({ taxNumber: '12345' }))).toEqual(['taxNumber:title_tax_number_invalid:error']);
    expect(codes(company({ taxNumber: ' 91110108ma019hqrx9 ' }))).toEqual([]);
    // legacy 15-character numbers are accepted (§5.2)
    expect(codes(company({ taxNumber: '110108123456789' }))).toEqual([]);
  });

  it('专票 needs the tax number; 普票 does not', () => {
    expect(codes(company({ taxNumber: '' }), 'digital_special' as never)).toEqual([
      'taxNumber:title_tax_number_required:error',
    ]);
    expect(codes(company({ taxNumber: undefined }))).toEqual([]);
  });

  it('natural persons: only when the tenant allows and never on 专票', () => {
    const person: BuyerTitle = { kind: 'person', name: '张三' };
    expect(codes(person, 'digital_special' as never)).toContain(
      'kind:title_natural_person_not_allowed:error',
    );
    expect(codes(person, 'digital_ordinary', { ...rules, naturalPersonAllowed: false })).toEqual([
      'kind:title_natural_person_not_allowed:error',
    ]);
    expect(codes({ ...person, taxNumber: '11010519491231002X' })).toEqual([]);
    expect(codes({ ...person, taxNumber: '110105194912310021' })).toEqual([
      'taxNumber:title_id_number_invalid:warning',
    ]);
  });

  it('refuses a type the tenant does not offer', () => {
    expect(codes(company(), 'electronic_ordinary' as never)).toEqual(['type:title_type_not_allowed:error']);
    expect(codes(company(), 'nonsense' as never)).toEqual(['type:title_type_not_allowed:error']);
  });

  it('e-mail and mobile: format always, presence when required', () => {
    const strict: BuyerFormRules = {
      ...rules,
      fields: { email: 'required', mobile: 'required', remarks: 'required', addressBank: 'required' },
    };
    expect(codes(company(), 'digital_ordinary', strict)).toEqual([
      'address:title_field_required:error',
      'phone:title_field_required:error',
      'bank:title_field_required:error',
      'account:title_field_required:error',
      'email:title_field_required:error',
      'mobile:title_field_required:error',
      'remarks:title_field_required:error',
    ]);
    expect(codes(company({ email: 'a@b', mobile: '12345678901' }))).toEqual([
      'email:title_email_invalid:error',
      'mobile:title_mobile_invalid:error',
    ]);
    expect(codes(company({ email: ' Buyer@Example.COM ', mobile: '+86 138-0013-8000' }))).toEqual([]);
  });

  it('bounds the remarks by the type (200 on 数电)', () => {
    expect(codes(company({ remarks: '备'.repeat(201) }))).toEqual(['remarks:title_field_too_long:error']);
    expect(codes(company({ remarks: '备'.repeat(200) }))).toEqual([]);
  });

  it('titleErrors keeps only blocking problems', () => {
    const p = checkBuyerTitle(
      company({ taxNumber: '91350100M0001TGQXM', email: 'x' }),
      'digital_ordinary',
      rules,
    );
    expect(titleErrors(p).map((x) => x.code)).toEqual(['title_email_invalid']);
  });
});

describe('approval and stored rules', () => {
  it('approvalNeeded', () => {
    expect(approvalNeeded({ mode: 'auto' }, 10_000_00)).toBe(false);
    expect(approvalNeeded({ mode: 'manual' }, 1)).toBe(true);
    expect(approvalNeeded({ mode: 'auto_below', capFen: 500_00 }, 500_00)).toBe(false);
    expect(approvalNeeded({ mode: 'auto_below', capFen: 500_00 }, 500_01)).toBe(true);
    expect(approvalNeeded({ mode: 'auto_below', capFen: 500_00 }, 1.5)).toBe(true);
  });

  it('saneBuyerFormRules fills gaps and keeps the default among the types', () => {
    expect(saneBuyerFormRules(null)).toEqual(DEFAULT_BUYER_FORM_RULES);
    const r = saneBuyerFormRules({
      invoiceTypes: ['digital_special', 'roll' as never],
      defaultInvoiceType: 'digital_ordinary',
      approval: { mode: 'auto_below', capFen: -1 },
      channels: ['sms', 'fax' as never, 'sms'],
      fields: { email: 'bogus' as never } as never,
    });
    expect(r.invoiceTypes).toEqual(['digital_special']);
    expect(r.defaultInvoiceType).toBe('digital_special');
    expect(r.approval).toEqual({ mode: 'auto' });
    expect(r.channels).toEqual(['sms']);
    expect(r.fields.email).toBe('optional');
  });

  it('isChineseIdNumber', () => {
    expect(isChineseIdNumber('11010519491231002X')).toBe(true);
    expect(isChineseIdNumber('11010519491231002x')).toBe(true);
    expect(isChineseIdNumber('110105491231002')).toBe(true);
    expect(isChineseIdNumber('110105194912310021')).toBe(false);
  });
});

describe('parseTitleQr', () => {
  it('reads wx.chooseInvoiceTitle JSON', () => {
    expect(
      parseTitleQr(
        JSON.stringify({
          type: '0',
          title: '北京示例科技有限公司',
          taxNumber: '91110108ma019hqrx9',
          companyAddress: '北京市海淀区',
          telephone: '010-12345678',
          bankName: '招商银行',
          bankAccount: '6225880000000000',
        }),
      ),
    ).toEqual({
      format: 'title',
      title: {
        kind: 'company',
        name: '北京示例科技有限公司',
        taxNumber: '91110108MA019HQRX9',
        address: '北京市海淀区',
        phone: '010-12345678',
        bank: '招商银行',
        account: '6225880000000000',
      },
    });
  });

  it('reads the scantitle shape and a person', () => {
    expect(parseTitleQr('{"title_type":1,"title":"张三"}')).toEqual({
      format: 'title',
      title: { kind: 'person', name: '张三' },
    });
    expect(
      parseTitleQr('{"title":"甲公司","tax_no":"110108123456789","addr":"路1号","bank_no":"123"}'),
    ).toEqual({
      format: 'title',
      title: {
        kind: 'company',
        name: '甲公司',
        taxNumber: '110108123456789',
        address: '路1号',
        account: '123',
      },
    });
  });

  it('reads printed key：value lines with combined fields', () => {
    const text =
      '名称：上海示例有限公司\n纳税人识别号：91310000MA1FL0000X\n地址电话：上海市浦东新区1号 021-55556666\n开户行及账号：工商银行浦东支行 1001234567890';
    expect(parseTitleQr(text)).toEqual({
      format: 'title',
      title: {
        kind: 'company',
        name: '上海示例有限公司',
        taxNumber: '91310000MA1FL0000X',
        address: '上海市浦东新区1号',
        phone: '021-55556666',
        bank: '工商银行浦东支行',
        account: '1001234567890',
      },
    });
  });

  it('reads a link with the keys in its query', () => {
    expect(
      parseTitleQr('https://example.com/t?name=%E7%94%B2%E5%85%AC%E5%8F%B8&taxNo=110108123456789'),
    ).toEqual({
      format: 'title',
      title: { kind: 'company', name: '甲公司', taxNumber: '110108123456789' },
    });
  });

  it('recognises a WeChat title link without guessing its content', () => {
    const link = 'https://mp.weixin.qq.com/intp/invoice/usertitlewxa?action=list_auth&invoice_key=abcd';
    expect(parseTitleQr(link)).toEqual({ format: 'wechat', link });
  });

  it('anything else is unknown', () => {
    for (const t of [
      '',
      '01,32,,24312000000136634917,0.01,20240514,,1DD6',
      'https://pay.example.com/x',
      '{"a":1}',
      '{bad',
      'x'.repeat(5000),
    ])
      expect(parseTitleQr(t)).toEqual({ format: 'unknown' });
  });
});

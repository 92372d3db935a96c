import type { MessageText } from '../text.ts';

/** Commodities, tax classification codes, AI coding, SKU map and customers. */
export const catalogueMessages = {
  TAX_CODE_INVALID: {
    zh: '{label}须为19位数字，“{code}”是{length}位',
    en: '{label} must be 19 digits; "{code}" has {length}',
  },
  'TAX_CODE_INVALID.not_digits': {
    zh: '{label}须为19位数字，“{code}”不是编码',
    en: '{label} must be 19 digits; "{code}" is not a code',
  },
  TAX_CODE_UNKNOWN: { zh: '{label} {code} 不存在', en: '{label} {code} does not exist' },
  'TAX_CODE_UNKNOWN.field': {
    zh: '字段 code 不合法：税收分类编码 {code} 不存在',
    en: 'Field code is invalid: tax classification code {code} does not exist',
  },
  TAX_CODE_RETIRED: {
    zh: '{label} {code}（{name}）已停用，请改选新编码',
    en: '{label} {code} ({name}) is retired; please choose a current code',
  },
  TAX_CODE_NOT_LEAF: {
    zh: '{label} {code}（{name}）是汇总项，不是末级编码，请选择其下级的具体编码',
    en: '{label} {code} ({name}) is a summary item, not a leaf code; please choose a specific code below it',
  },
  TAX_CODE_NOT_USABLE: {
    zh: '字段 code 不合法：{code} {name} 是汇总项，不能用于开票',
    en: 'Field code is invalid: {code} {name} is a summary item and cannot be invoiced',
  },
  'TAX_CODE_NOT_USABLE.retired': {
    zh: '字段 code 不合法：{code} {name} 已停用',
    en: 'Field code is invalid: {code} {name} is retired',
  },
  RATE_NOT_ALLOWED: {
    zh: '{label}“{given}”不适用于编码 {code}，可选：{options}',
    // {code} carries the catalogue's name in Chinese only (codeWithName): it has no English names.
    en: '{label} "{given}" does not apply to code {code}; allowed: {options}',
  },
  /** Issue 28 §7: an invoice line (form, API, batch row) whose rate its tax code does not allow. */
  'RATE_NOT_ALLOWED.line': {
    zh: '第{line}行：税率“{given}”不适用于税收分类编码 {code}，可选：{options}（字段 {field}）',
    en: 'Line {line}: the rate "{given}" does not apply to tax code {code}; allowed: {options} (field {field})',
  },
  OWN_CODE_DUPLICATE: { zh: '自行编码“{code}”已存在', en: 'The own code "{code}" already exists' },
  'NOT_FOUND.own_code': { zh: '自行编码 {code} 不存在', en: 'The own code {code} does not exist' },
  'NOT_FOUND.commodity': { zh: '商品编码不存在', en: 'The commodity does not exist' },
  COMMODITY_IN_USE: {
    zh: '商品“{name}”已被商品对照（SKU {sku}）引用，请先删除对照',
    en: 'The commodity "{name}" is used by the SKU mapping {sku}; delete the mapping first',
  },
  'NOT_FOUND.code': { zh: '编码 {code} 不存在', en: 'The code {code} does not exist' },
  'NOT_FOUND.tax_code': {
    zh: '税收分类编码 {code} 不存在',
    en: 'The tax classification code {code} does not exist',
  },
  TAX_CODES_NOT_EMPTY: {
    zh: '编码表已有数据，不能再次导入，请使用“同步编码”更新',
    en: 'The code table already has data and cannot be imported again; use "Sync codes" to update it',
  },
  TAX_CODE_FILE_INVALID: {
    zh: '编码表文件有误，未做任何修改：{problems}',
    en: 'The code table file has errors; nothing was changed: {problems}',
  },
  TAX_CODE_MASS_RETIRE: {
    zh: '该文件将停用 {count} 个编码（超过现有编码的10%），请确认文件完整；确需如此请勾选“确认停用”后重试',
    en: 'This file would retire {count} codes (over 10% of the table); check the file is complete, or tick "Confirm retiring" and try again',
  },
  COMMODITY_UNKNOWN: {
    zh: '字段 commodityId 不合法：商品编码 {id} 不存在',
    en: 'Field commodityId is invalid: commodity {id} does not exist',
  },
  SKU_DUPLICATE: { zh: 'SKU“{sku}”已有对照', en: 'The SKU "{sku}" is already mapped' },
  'NOT_FOUND.sku_map': { zh: '商品对照不存在', en: 'The SKU mapping does not exist' },
  TAX_NUMBER_REQUIRED: {
    zh: '纳税人识别号：企业客户必须填写（自然人可不填）',
    en: 'Taxpayer ID: required for a company customer (optional for a natural person)',
  },
  TAX_NUMBER_INVALID: {
    zh: '纳税人识别号：自然人证件号码“{tax}”格式不正确',
    en: 'Taxpayer ID: the personal ID number "{tax}" is malformed',
  },
  'TAX_NUMBER_INVALID.company': {
    zh: '纳税人识别号“{tax}”格式不正确（应为15、17、18或20位大写字母或数字）',
    en: 'The taxpayer ID "{tax}" is malformed (15, 17, 18 or 20 capital letters or digits)',
  },
  INVOICE_TYPE_NOT_ALLOWED: {
    zh: '默认发票类型：自然人客户只能开具普通发票，不能默认为{type}',
    en: 'Default invoice type: a natural person can only receive ordinary invoices, not {type}',
  },
  CUSTOMER_DUPLICATE: {
    zh: '纳税人识别号“{tax}”的客户已存在',
    en: 'A customer with taxpayer ID "{tax}" already exists',
  },
} as const satisfies Record<string, MessageText>;

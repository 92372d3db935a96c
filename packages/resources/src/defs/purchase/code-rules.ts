import { CODE_RULES_API, codeRuleInput } from '@fpy/contracts';
import { defineResource } from '../../define.ts';

const input = codeRuleInput.shape;

/**
 * 进项发票入账编码规则 (issue 31, /receiptsInvoice/codeUpdate 商品编码更新): a received invoice line — by its
 * 税收分类简称 (`*办公用品*A4纸` → 办公用品) or a keyword of its name, optionally for one supplier — takes the
 * company's 入账科目 and 物料编码. Unique per company by match kind, value and supplier; the first rule by
 * priority codes a line. Applying the rules to received lines is the verb `applyCodeRules` (server module
 * purchase/code-update), which also counts each rule's coded lines here.
 */
export const codeRulesMeta = defineResource({
  name: 'receivedCodeRules',
  title: { zh: '入账编码规则', en: 'Bookkeeping code rules' },
  menuCode: 'codeUpdate',
  tenantScoped: true,
  basePath: CODE_RULES_API,
  tag: 'purchase-code-rules',
  keyword: { zh: '匹配内容、科目编码或科目名称', en: 'Match, subject code or name' },
  actions: ['list', 'get', 'create', 'update', 'delete', 'deleteMany', 'export'],
  defaultSort: 'priority',
  fields: {
    matchKind: {
      label: { zh: '匹配方式', en: 'Match by' },
      type: 'string',
      schema: input.matchKind,
      filter: 'select',
      options: [
        { value: 'category', zh: '税收分类简称', en: 'Tax category short name' },
        { value: 'keyword', zh: '名称关键字', en: 'Name keyword' },
      ],
      width: 130,
    },
    matchValue: {
      label: { zh: '匹配内容', en: 'Match' },
      type: 'string',
      schema: input.matchValue,
      sortable: true,
      unique: { key: 'CODE_RULE_DUPLICATE', param: 'match' },
      width: 160,
    },
    sellerTaxNumber: {
      label: { zh: '限定销售方税号', en: 'Only seller (tax number)' },
      type: 'string',
      schema: input.sellerTaxNumber,
      filter: 'exact',
      width: 200,
    },
    subjectCode: {
      label: { zh: '入账科目编码', en: 'Subject code' },
      type: 'string',
      schema: input.subjectCode,
      sortable: true,
      width: 130,
    },
    subjectName: {
      label: { zh: '入账科目名称', en: 'Subject name' },
      type: 'string',
      schema: input.subjectName,
      width: 180,
    },
    materialCode: {
      label: { zh: '物料编码', en: 'Material code' },
      type: 'string',
      schema: input.materialCode,
      width: 130,
    },
    priority: {
      label: { zh: '优先级', en: 'Priority' },
      type: 'number',
      schema: input.priority,
      sortable: true,
      width: 80,
    },
    codedLines: {
      label: { zh: '已编码明细', en: 'Lines coded' },
      type: 'number',
      width: 100,
    },
    remark: { label: { zh: '备注', en: 'Remark' }, type: 'string', schema: input.remark, list: false },
    updatedAt: { label: { zh: '更新时间', en: 'Updated' }, type: 'datetime', sortable: true, width: 170 },
  },
});

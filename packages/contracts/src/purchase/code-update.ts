import { z } from 'zod';
import { blankAsAbsent, blankText, text } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 进项发票入账编码 (issue 31, lane PSTATS; page /receiptsInvoice/codeUpdate, 商品编码更新): the company's rules that
 * turn a received invoice line — by its 税收分类简称 (the `*办公用品*` every 数电 and 税控 line name starts with) or a
 * keyword of the goods name, optionally for one supplier — into its own 入账科目 and 物料编码, and the verb that
 * applies them to the lines already received (a preview first). The rules are a declared resource
 * (packages/resources defs/purchase/code-rules.ts) under API; the verb is `applyCodeRules`.
 */
const MENU = 'codeUpdate';
export const CODE_RULES_API = '/api/purchase/code-rules';

export const CODE_MATCH_KINDS = ['category', 'keyword'] as const;

export const codeRuleInput = z.object({
  matchKind: z.enum(CODE_MATCH_KINDS, { error: '匹配方式只能是税收分类简称或名称关键字' }),
  matchValue: text(60, '匹配内容')
    .min(1, '匹配内容不能为空')
    .refine((v) => !v.includes('*'), '匹配内容不要包含星号（只填简称本身，如 办公用品）'),
  sellerTaxNumber: blankText(20, '销售方税号').refine(
    (v) => v === null || /^[0-9A-Z]{15,20}$/.test(v),
    '销售方税号应为15到20位数字或大写字母',
  ),
  subjectCode: text(40, '科目编码')
    .min(1, '科目编码不能为空')
    .regex(/^[0-9A-Za-z.-]+$/, '科目编码只能包含数字、字母、点和横线'),
  subjectName: text(60, '科目名称').min(1, '科目名称不能为空'),
  materialCode: blankText(40, '物料编码'),
  priority: z.coerce
    .number({ error: '优先级须为1到999的整数' })
    .int('优先级须为1到999的整数')
    .min(1, '优先级须为1到999的整数')
    .max(999, '优先级须为1到999的整数')
    .default(100),
  remark: blankText(200, '备注'),
});

const period = (label: string) =>
  blankAsAbsent(
    z
      .string()
      .trim()
      .regex(/^20\d{2}(0[1-9]|1[0-2])$/, `${label}格式应为 yyyyMM`),
  );

export const CODE_APPLY_SAMPLES = 50;

export const applyCodeRulesBody = z
  .object({
    /** 属期 range of the received invoices whose lines are coded (inclusive); absent: every period. */
    periodFrom: period('起始属期'),
    periodTo: period('截止属期'),
    /** false: lines already coded keep their codes; true: every matching line takes its rule's codes again. */
    overwrite: z.boolean({ error: '是否覆盖须为 true 或 false' }).default(false),
    /** true: count and show what would change, write nothing. */
    preview: z.boolean({ error: '是否预览须为 true 或 false' }).default(true),
  })
  .refine((q) => !q.periodFrom || !q.periodTo || q.periodFrom <= q.periodTo, {
    message: '起始属期不能晚于截止属期',
    path: ['periodTo'],
  });

export const codeApplySample = z.object({
  receivedInvoiceId: z.number().int(),
  number: z.string(),
  sellerName: z.string(),
  lineNo: z.number().int(),
  lineName: z.string(),
  fromCode: z.string().nullable(),
  fromName: z.string().nullable(),
  toCode: z.string(),
  toName: z.string(),
  materialCode: z.string().nullable(),
  ruleId: z.number().int(),
});
export type CodeApplySample = z.infer<typeof codeApplySample>;

export const applyCodeRules = defineRoute({
  method: 'POST',
  path: `${CODE_RULES_API}/apply`,
  permission: `${MENU}:btn_apply`,
  tag: 'purchase-code-rules',
  summary: '按入账编码规则批量更新进项发票明细的入账科目与物料编码（先预览，确认后写入）',
  body: applyCodeRulesBody,
  reply: z.object({
    preview: z.boolean(),
    /** Lines of the received invoices in range. */
    lines: z.number().int(),
    /** Lines some rule matches. */
    matched: z.number().int(),
    /** Matched lines whose codes change (new, or different with overwrite). */
    changed: z.number().int(),
    /** Lines already coded that keep their codes (overwrite false). */
    kept: z.number().int(),
    byRule: z.array(
      z.object({
        ruleId: z.number().int(),
        subjectCode: z.string(),
        subjectName: z.string(),
        lines: z.number().int(),
      }),
    ),
    /** Up to CODE_APPLY_SAMPLES of the changing lines. */
    samples: z.array(codeApplySample),
  }),
});

import { z } from 'zod';
import { calendarDay, fenAmount } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * Collecting received invoices from files and by hand (issue 31 §2, lane FILES). The files are read (数电 XML,
 * PDF, OFD, pictures of the QR; one file or a ZIP of many), each checked with the bureau (查验) and recorded as a
 * received invoice of the company; every file gets its own result. The page is 进项发票查询 (invoiceQuery).
 */
const BASE = '/api/purchase/intake';
const MENU = 'invoiceQuery';

export const INTAKE_RESULTS = ['created', 'duplicate', 'refused'] as const;
export type IntakeResult = (typeof INTAKE_RESULTS)[number];

/** What a file (or a manual entry) became. */
export const intakeItem = z.object({
  /** The file's name (inside a ZIP: its path there), or 手工录入. */
  file: z.string(),
  result: z.enum(INTAKE_RESULTS),
  /** The received invoice it is (created or already there). */
  receivedId: z.number().int().nullable(),
  code: z.string().nullable(),
  number: z.string().nullable(),
  issueDate: z.string().nullable(),
  sellerName: z.string().nullable(),
  totalFen: z.number().int().nullable(),
  /** The bureau's state: normal | red | voided | abnormal. */
  state: z.string().nullable(),
  /** Why it was refused (a message code) and the text in the caller's language. */
  reason: z.string().nullable(),
  message: z.string().nullable(),
});
export type IntakeItem = z.infer<typeof intakeItem>;

export const intakeReport = z.object({
  items: z.array(intakeItem),
  created: z.number().int(),
  duplicates: z.number().int(),
  refused: z.number().int(),
});
export type IntakeReport = z.infer<typeof intakeReport>;

/** One invoice file, or a ZIP of up to 200 of them (50 MB at most, refused from its headers if it unpacks larger). */
export const INTAKE_MAX_UPLOAD_MB = 50;
export const INTAKE_MAX_FILES = 200;

export const uploadReceivedFiles = defineRoute({
  method: 'POST',
  path: `${BASE}/files`,
  permission: [`${MENU}:btn_upload`],
  tag: 'purchase-intake',
  consumes: 'multipart',
  summary:
    '上传进项发票文件（数电 XML、PDF、OFD、二维码图片，或它们的 ZIP 压缩包）：逐个解析、查验后收录，每个文件返回结果（新增 / 重复 / 拒绝及原因）',
  reply: intakeReport,
});

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** 数电: number (20 digits) + date + 价税合计; legacy: code + number (8) + date + 金额 or 校验码后 6 位. */
export const manualEntry = z
  .object({
    code: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{10}$|^\d{12}$/, '发票代码须为10位或12位数字')
        .optional(),
    ),
    number: z
      .string()
      .trim()
      .regex(/^\d{8}$|^\d{20}$/, '发票号码须为20位（数电）或8位数字'),
    issueDate: calendarDay,
    totalFen: fenAmount.optional(),
    amountFen: fenAmount.optional(),
    checkCodeLast6: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{6}$/, '校验码后6位须为6位数字')
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (!v.code) {
      if (!/^\d{20}$/.test(v.number))
        ctx.addIssue({
          code: 'custom',
          path: ['number'],
          message: '数电发票号码须为20位数字；税控发票请同时填写发票代码',
        });
      if (v.totalFen === undefined)
        ctx.addIssue({ code: 'custom', path: ['totalFen'], message: '数电发票须填写价税合计' });
      return;
    }
    if (!/^\d{8}$/.test(v.number))
      ctx.addIssue({ code: 'custom', path: ['number'], message: '税控发票号码须为8位数字' });
    if (v.amountFen === undefined && !v.checkCodeLast6)
      ctx.addIssue({ code: 'custom', path: ['amountFen'], message: '请填写开具金额（不含税）或校验码后6位' });
  });
export type ManualEntry = z.infer<typeof manualEntry>;

/** 查验 as the user types: the bureau's answer, nothing recorded. */
export const manualCheckReply = z.object({
  result: z.enum(['match', 'mismatch', 'not_found', 'other_buyer']),
  /** The fields the bureau disagrees on (issueDate, totalFen, amountFen, checkCode). */
  fields: z.array(z.string()),
  message: z.string().nullable(),
  invoice: z
    .object({
      code: z.string().nullable(),
      number: z.string(),
      type: z.string(),
      sellerName: z.string(),
      sellerTaxNumber: z.string(),
      buyerName: z.string(),
      buyerTaxNumber: z.string().nullable(),
      issueDate: z.string(),
      amountFen: z.number().int(),
      taxFen: z.number().int(),
      totalFen: z.number().int(),
      state: z.string(),
    })
    .nullable(),
});
export type ManualCheckReply = z.infer<typeof manualCheckReply>;

export const checkManualEntry = defineRoute({
  method: 'POST',
  path: `${BASE}/manual/check`,
  permission: [`${MENU}:btn_manual`],
  tag: 'purchase-intake',
  rateLimited: true,
  summary: '手工录入时查验（不收录）：返回税务机关的票面或不一致的字段',
  body: manualEntry,
  reply: manualCheckReply,
});

export const enterReceivedManually = defineRoute({
  method: 'POST',
  path: `${BASE}/manual`,
  permission: [`${MENU}:btn_manual`],
  tag: 'purchase-intake',
  summary: '手工录入进项发票：查验一致且购买方为本企业时收录（同一张发票只收录一次）',
  body: manualEntry,
  reply: intakeItem,
});

import { z } from 'zod';
import { fenAmount, idSchema, optionalText, text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { buyerFormRulesView } from './titles.ts';
import { BOARD_API } from './board-api.ts';

export * from './board-api.ts';

/**
 * 码牌 (issue 30 §1, §3): the console's poster download and the buyer's public calls. The board's records
 * themselves are declared resources (packages/resources defs/self-service/code-boards.ts) whose field schemas
 * are the ones below. The board code in a public path is the only credential; every public route is limited
 * per IP, and per code by the module. An unknown, disabled, switched-off or malformed code answers the same 404
 * CODE_BOARD_UNAVAILABLE: nothing says whether a board exists or whose it is.
 */
const TAG = 'self-service-boards';

export const CODE_BOARD_KINDS = ['shop', 'counter', 'business'] as const;
export const CODE_BOARD_INVOICE_KINDS = ['normal', 'allEle'] as const;
export const CODE_BOARD_APPROVALS = ['auto', 'manual'] as const;
export type CodeBoardKind = (typeof CODE_BOARD_KINDS)[number];
export type CodeBoardInvoiceKind = (typeof CODE_BOARD_INVOICE_KINDS)[number];

/** The invoice type a board's requests ask for, by its invoice kind (全电 → 数电普票, 普通 → 电子普票). */
export const CODE_BOARD_TITLE_TYPE = {
  allEle: 'digital_ordinary',
  normal: 'electronic_ordinary',
} as const satisfies Record<CodeBoardInvoiceKind, string>;

/** At most this many allowed categories per board. */
export const MAX_BOARD_CATEGORIES = 50;

/** The allowed commodities' ids, comma-separated ("12,15"): each an int4 id, at most 50, no repeats. */
export const boardCategoryIds = z
  .string({ error: '请选择允许开票的商品类别' })
  .trim()
  .regex(/^\d{1,10}(,\d{1,10})*$/, '请选择允许开票的商品类别')
  .refine((s) => s.split(',').length <= MAX_BOARD_CATEGORIES, `最多选择${MAX_BOARD_CATEGORIES}个商品类别`)
  .refine((s) => s.split(',').every((v) => idSchema.safeParse(v).success), '商品类别ID无效')
  .transform((s) => [...new Set(s.split(',').map(Number))].sort((a, b) => a - b).join(','));

/** A board's cap per request: at least ¥0.01, integer fen. */
export const boardCapFen = z.coerce
  .number({ error: '单笔上限须为以分计的整数' })
  .pipe(fenAmount.min(1, '单笔上限须大于0'));

export const codeBoardInput = z.object({
  name: text(60, '码牌名称'),
  kind: z.enum(CODE_BOARD_KINDS, { error: '码牌类型只能是门店、柜台或业务线' }),
  invoiceKind: z.enum(CODE_BOARD_INVOICE_KINDS, { error: '发票种类只能是普通或全电' }),
  businessLine: optionalText(60, '业务线'),
  categoryIds: boardCategoryIds,
  capFen: boardCapFen,
  approval: z.enum(CODE_BOARD_APPROVALS, { error: '审核方式只能是自动或人工' }),
  enabled: z.boolean({ error: '启用状态须为是或否' }),
  remark: optionalText(200, '备注'),
});

export const codeBoardControlInput = z.object({
  enabled: z.boolean({ error: '码牌开关须为是或否' }),
  autoApproveAllowed: z.boolean({ error: '自动审核开关须为是或否' }),
  maxCapFen: z.coerce
    .number({ error: '上限须为以分计的整数' })
    .pipe(fenAmount.min(0, '上限不能为负数（0为不限制）')),
  dailyRequests: z.coerce
    .number({ error: '每日申请数须为整数' })
    .int('每日申请数须为整数')
    .min(0, '每日申请数不能小于0（0为不限制）')
    .max(1_000_000, '每日申请数不能大于1000000'),
  remark: optionalText(200, '备注'),
});

export const downloadCodeBoardPoster = defineRoute({
  method: 'GET',
  path: '/api/self-service/v1/code-boards/{id}/poster',
  // Each of the three board pages offers the poster of the boards it lists.
  permission: ['codeBoard:btn_poster', 'allEleInvoiceCodeBoard:btn_poster', 'businessCodeBoard:btn_poster'],
  tag: TAG,
  produces: 'file',
  summary: '下载码牌海报（PDF，A5）：企业名称与标志、码牌名称、二维码与扫码提示',
  params: z.object({ id: idSchema }),
});

// ---------------------------------------------------------------------------------------------------------
// The buyer's public calls

/** Any short text: a code of the wrong shape is simply unavailable (the same 404), not a validation error. */
const code = z.string().max(64, '码牌编码不能超过64个字符');

export const publicBoardReply = z.object({
  name: z.string(),
  kind: z.enum(CODE_BOARD_KINDS),
  invoiceKind: z.enum(CODE_BOARD_INVOICE_KINDS),
  businessLine: z.string().nullable(),
  sellerName: z.string(),
  capFen: z.number().int(),
  /** Whether a request under the cap is issued without the seller's review. */
  autoApprove: z.boolean(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The invoice type the board's requests ask for (CODE_BOARD_TITLE_TYPE of its invoice kind). */
  invoiceType: z.string(),
  /** The seller's buyer form (扫码抬头 settings): which title fields the form shows and requires. */
  rules: buyerFormRulesView,
});
export type PublicBoard = z.infer<typeof publicBoardReply>;

export const getPublicBoard = defineRoute({
  ...BOARD_API.board,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  summary: '购买方扫码牌：销售方名称、码牌名称、单笔上限、可开商品类别。未知、停用或他人的码牌一律 404',
  params: z.object({ code }),
  reply: publicBoardReply,
});

/** The buyer's title as the board form sends it (a company needs its tax number; a person only a name). */
export const boardBuyerTitle = z.object({
  kind: z.enum(['company', 'person'], { error: '抬头类型只能是企业或个人' }),
  name: text(100, '抬头名称'),
  taxNumber: optionalText(20, '税号'),
  address: optionalText(100, '地址'),
  phone: optionalText(40, '电话'),
  bank: optionalText(100, '开户行'),
  account: optionalText(40, '账号'),
  email: optionalText(100, '邮箱'),
  mobile: optionalText(20, '手机号'),
  remarks: optionalText(200, '备注'),
});

export const submitBoardRequestBody = z.object({
  amountFen: fenAmount.min(1, '开票金额须大于0'),
  categoryId: idSchema,
  title: boardBuyerTitle,
  email: optionalText(100, '邮箱'),
  mobile: optionalText(20, '手机号'),
  remark: optionalText(200, '备注'),
});

export const BOARD_REQUEST_STATES = [
  'pending',
  'approved',
  'rejected',
  'issuing',
  'issued',
  'failed',
] as const;

export const boardRequestReply = z.object({
  /** Unguessable; the status page polls with it. */
  token: z.string(),
  state: z.enum(BOARD_REQUEST_STATES),
  amountFen: z.number().int(),
  categoryName: z.string(),
  buyerName: z.string(),
  sellerName: z.string(),
  boardName: z.string(),
  rejectReason: z.string().nullable(),
  /** The buyer's invoice page (delivery's buyer link) once issued. */
  invoiceUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type BoardRequestView = z.infer<typeof boardRequestReply>;

export const submitBoardRequest = defineRoute({
  ...BOARD_API.submit,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  summary:
    '购买方通过码牌申请开票：金额不超过单笔上限、类别须为码牌允许的；自动审核的码牌直接开具，否则等待销售方审核',
  params: z.object({ code }),
  body: submitBoardRequestBody,
  reply: boardRequestReply,
  bodyLimit: 8 * 1024,
});

export const getBoardRequest = defineRoute({
  ...BOARD_API.request,
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  summary: '购买方查看码牌开票申请的状态（待审核、已开具、已驳回及原因）；状态页轮询此接口',
  params: z.object({ code, token: z.string().max(64, '申请编号不能超过64个字符') }),
  reply: boardRequestReply,
});

import { ISSUED_STATUSES } from '@fpy/domain';
import { z } from 'zod';
import {
  dateRange,
  faceText,
  idParams,
  idSchema,
  MAX_ID,
  okReply,
  pagedQuery,
  pageQuery,
  pageReply,
  patchOf,
  text,
} from '../common.ts';
import { defineRoute } from '../route.ts';
import { invoiceTypeField } from './calculate.ts';
import { invoiceDetail, invoiceSummary } from './invoices.ts';

/**
 * 开票人设置 / 打印设置 / 发票专用章 / 发票打印 (issue 4 §3 openerSetup, printSetup, invoicePrint). The issuing
 * form reads the caller's defaults from getOpenerDefaults: the entry marked default for the caller's department,
 * else the company-wide default, else null (the form then uses the caller's own name as 开票人).
 */
export const openerDefaultsReply = z.object({
  drawer: z.string().nullable(),
  payee: z.string().nullable(),
  reviewer: z.string().nullable(),
});

export const getOpenerDefaults = defineRoute({
  method: 'GET',
  path: '/api/billing/v1/opener-defaults',
  permission: ['invoiceOpener', 'preopenApplication', 'stayOpenInvoice', 'batchInvoice'],
  tag: 'invoice-setup',
  summary: '当前用户的默认开票人、收款人、复核人（按部门）',
  reply: openerDefaultsReply,
});

const tag = 'invoice-setup';

// ---------------------------------------------------------------------------------------------------------
// 开票人 / 收款人 / 复核人

export const OPENER_ROLES = ['drawer', 'payee', 'reviewer'] as const;
export const openerRoleField = z.enum(OPENER_ROLES, { message: '角色只能是开票人、收款人或复核人' });
export type OpenerRole = z.infer<typeof openerRoleField>;

const OPENERS = '/api/billing/v1/opener-profiles';

export const openerProfileInput = z.object({
  role: openerRoleField,
  /** Printed on the invoice face; the invoice's drawer/payee/reviewer fields take at most 50 characters. */
  name: faceText(50, '姓名').min(1, '姓名不能为空'),
  /** null: company-wide. */
  departmentId: idSchema.nullish().transform((v) => v ?? null),
  isDefault: z.boolean().default(false),
});
export type OpenerProfileInput = z.input<typeof openerProfileInput>;

export const openerProfileRow = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  role: openerRoleField,
  name: z.string(),
  departmentId: z.number().int().nullable(),
  /** The department's path (财务部 / 应收组), null for company-wide entries. */
  departmentName: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OpenerProfileRow = z.infer<typeof openerProfileRow>;

export const listOpenerProfiles = defineRoute({
  method: 'GET',
  path: OPENERS,
  permission: 'openerSetup',
  tag,
  summary: '开票人/收款人/复核人列表（按角色、部门筛选）',
  query: pageQuery.extend({
    role: openerRoleField.optional(),
    /** A department id, or 0 for company-wide entries only. */
    departmentId: z.coerce
      .number()
      .int('部门须为整数ID')
      .min(0, '部门须为整数ID')
      .max(MAX_ID, `ID不能大于${MAX_ID}`)
      .optional(),
  }),
  reply: pageReply(openerProfileRow),
});

export const getOpenerProfile = defineRoute({
  method: 'GET',
  path: `${OPENERS}/{id}`,
  permission: 'openerSetup',
  tag,
  summary: '开票人/收款人/复核人详情',
  params: idParams,
  reply: openerProfileRow,
});

export const createOpenerProfile = defineRoute({
  method: 'POST',
  path: OPENERS,
  permission: 'openerSetup:btn_add',
  tag,
  summary: '新增开票人/收款人/复核人（设为默认时取消同部门同角色原默认）',
  body: openerProfileInput,
  reply: openerProfileRow,
});

export const updateOpenerProfile = defineRoute({
  method: 'PUT',
  path: `${OPENERS}/{id}`,
  permission: 'openerSetup:btn_edit',
  tag,
  summary: '修改开票人/收款人/复核人（只改所给字段）',
  params: idParams,
  body: patchOf(openerProfileInput.shape),
  reply: openerProfileRow,
});

export const deleteOpenerProfile = defineRoute({
  method: 'DELETE',
  path: `${OPENERS}/{id}`,
  permission: 'openerSetup:btn_del',
  tag,
  summary: '删除开票人/收款人/复核人',
  params: idParams,
  reply: okReply,
});

export const openerDepartment = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  /** Names from the root down, joined by " / ". */
  path: z.string(),
});
export type OpenerDepartment = z.infer<typeof openerDepartment>;

/** The department picker of the opener page (the org tree itself needs departManager). */
export const listOpenerDepartments = defineRoute({
  method: 'GET',
  path: `${OPENERS}/departments`,
  permission: 'openerSetup',
  tag,
  summary: '本企业部门（开票人设置的部门选择）',
  reply: z.array(openerDepartment),
});

// ---------------------------------------------------------------------------------------------------------
// 发票专用章

/** PNG or JPEG, at most 1 MB (the PDF renderer embeds it as is). */
export const SEAL_MAX_BYTES = 1024 * 1024;

export const sealReply = z.object({
  seal: z
    .object({
      mime: z.enum(['image/png', 'image/jpeg']),
      size: z.number().int(),
      originalName: z.string(),
      uploadedAt: z.string().nullable(),
      /** data: URL of the image for the preview (the seal is not linked by its storage URL). */
      dataUrl: z.string(),
    })
    .nullable(),
});
export type SealReply = z.infer<typeof sealReply>;

export const getSeal = defineRoute({
  method: 'GET',
  path: '/api/billing/v1/seal',
  permission: 'openerSetup',
  tag,
  summary: '当前发票专用章',
  reply: sealReply,
});

/** Multipart: `file` = PNG/JPEG ≤ 1 MB; replaces the current seal. */
export const uploadSeal = defineRoute({
  method: 'POST',
  path: '/api/billing/v1/seal',
  permission: 'openerSetup:btn_seal',
  tag,
  consumes: 'multipart',
  summary: '上传发票专用章（PNG/JPEG，不超过1MB）',
  reply: sealReply,
});

export const deleteSeal = defineRoute({
  method: 'DELETE',
  path: '/api/billing/v1/seal',
  permission: 'openerSetup:btn_seal',
  tag,
  summary: '删除发票专用章',
  reply: okReply,
});

// ---------------------------------------------------------------------------------------------------------
// 打印设置

/** Offsets are stored in tenths of a millimetre: ±50.0 mm. */
export const PRINT_OFFSET_LIMIT = 500;
const offsetField = (label: string) =>
  z
    .number({ message: `${label}必须为数字` })
    .int(`${label}最多保留一位小数（毫米）`)
    .min(-PRINT_OFFSET_LIMIT, `${label}须在 -50.0 到 +50.0 毫米之间`)
    .max(PRINT_OFFSET_LIMIT, `${label}须在 -50.0 到 +50.0 毫米之间`);

export const printSettingInput = z.object({
  printerName: text(64, '打印机名称').min(1, '打印机名称不能为空'),
  /** null: every invoice type. */
  invoiceType: invoiceTypeField.nullish().transform((v) => v ?? null),
  /** Tenths of a millimetre, positive = right. */
  offsetX: offsetField('左右偏移'),
  /** Tenths of a millimetre, positive = down. */
  offsetY: offsetField('上下偏移'),
  isDefault: z.boolean().default(false),
});
export type PrintSettingInput = z.input<typeof printSettingInput>;

export const printSettingRow = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  printerName: z.string(),
  invoiceType: invoiceTypeField.nullable(),
  offsetX: z.number().int(),
  offsetY: z.number().int(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PrintSettingRow = z.infer<typeof printSettingRow>;

const PRINTERS = '/api/billing/v1/print-settings';

export const listPrintSettings = defineRoute({
  method: 'GET',
  path: PRINTERS,
  // The print page picks a printer's offsets from here.
  permission: ['printSetup', 'invoicePrint'],
  tag,
  summary: '打印机偏移设置列表',
  query: pageQuery,
  reply: pageReply(printSettingRow),
});

export const getPrintSetting = defineRoute({
  method: 'GET',
  path: `${PRINTERS}/{id}`,
  permission: ['printSetup', 'invoicePrint'],
  tag,
  summary: '打印机设置详情',
  params: idParams,
  reply: printSettingRow,
});

export const createPrintSetting = defineRoute({
  method: 'POST',
  path: PRINTERS,
  permission: 'printSetup:btn_add',
  tag,
  summary: '新增打印机设置（打印机名称在本企业内唯一）',
  body: printSettingInput,
  reply: printSettingRow,
});

export const updatePrintSetting = defineRoute({
  method: 'PUT',
  path: `${PRINTERS}/{id}`,
  permission: 'printSetup:btn_edit',
  tag,
  summary: '修改打印机设置（只改所给字段）',
  params: idParams,
  body: patchOf(printSettingInput.shape),
  reply: printSettingRow,
});

export const deletePrintSetting = defineRoute({
  method: 'DELETE',
  path: `${PRINTERS}/{id}`,
  permission: 'printSetup:btn_del',
  tag,
  summary: '删除打印机设置',
  params: idParams,
  reply: okReply,
});

// ---------------------------------------------------------------------------------------------------------
// 发票打印

/** States whose invoice has a number and so a face to print. */
export const PRINTABLE_STATUSES = ISSUED_STATUSES;
export const PRINTABLE_SORTS = ['issuedAt', 'totalFen', 'number'] as const;

export const listPrintableInvoices = defineRoute({
  method: 'GET',
  path: '/api/billing/v1/invoice-print',
  permission: 'invoicePrint',
  tag,
  summary: '可打印的发票（已开具、部分红冲、已红冲），按开票日期、号码、购买方、类型筛选',
  query: pagedQuery(PRINTABLE_SORTS).extend({
    status: z.enum(PRINTABLE_STATUSES).optional(),
    type: invoiceTypeField.optional(),
    number: text(20).optional(),
    buyerName: text(100).optional(),
    /** Issue date, yyyy-MM-dd in Asia/Shanghai, inclusive. */
    ...dateRange,
  }),
  reply: pageReply(invoiceSummary),
});

export const MAX_PRINT_BATCH = 50;

export const getPrintableInvoices = defineRoute({
  method: 'GET',
  path: '/api/billing/v1/invoice-print/details',
  permission: 'invoicePrint',
  tag,
  summary: '打印用的发票详情（多张，按所给顺序）',
  query: z.object({
    /** Comma-separated ids, each an int4 id. */
    ids: z
      .string()
      .max(2000, `一次最多打印${MAX_PRINT_BATCH}张发票`)
      .regex(/^\d+(,\d+)*$/, '请选择要打印的发票')
      .transform((s) => [...new Set(s.split(',').map(Number))])
      .pipe(
        z
          .array(z.number().min(1, '请选择要打印的发票').max(MAX_ID, `ID不能大于${MAX_ID}`))
          .max(MAX_PRINT_BATCH, `一次最多打印${MAX_PRINT_BATCH}张发票`),
      ),
  }),
  reply: z.array(invoiceDetail),
});

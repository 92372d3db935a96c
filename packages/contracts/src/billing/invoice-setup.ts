import { z } from 'zod';
import { defineRoute } from '../route.ts';

/**
 * 开票人设置 / 打印设置 / 发票专用章 (issue 4 §3 openerSetup, printSetup). The issuing form reads the
 * caller's defaults from getOpenerDefaults: the entry marked default for the caller's department, else the
 * company-wide default, else null (the form then uses the caller's own name as 开票人).
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

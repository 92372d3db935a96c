import { z } from 'zod';
import { idSchema, nonNegativeFen } from '../common.ts';
import { defineRoute } from '../route.ts';

/** 授信额度 (domain notes §11.1) of a tenant for the current 属期, as the tax gateway reports it. Money in fen. */
export const creditLineReply = z.object({
  tenantId: z.number().int(),
  /** 属期 yyyyMM. */
  month: z.string(),
  monthlyLimitFen: z.number().int(),
  usedFen: z.number().int(),
  remainingFen: z.number().int(),
});
export type CreditLineReply = z.infer<typeof creditLineReply>;

const tag = 'tenant';

export const getCreditLine = defineRoute({
  method: 'GET',
  path: '/api/billing/v1/creditLine',
  permission: 'tenantManager:btn_edit',
  platformOnly: true,
  tag,
  summary: '查看租户本月授信额度',
  query: z.object({ tenantId: idSchema }),
  reply: creditLineReply,
});

export const setCreditLine = defineRoute({
  method: 'PUT',
  path: '/api/billing/v1/creditLine',
  permission: 'tenantManager:btn_edit',
  platformOnly: true,
  tag,
  summary: '调整租户本月授信额度 (之后的属期沿用)',
  body: z.object({
    tenantId: idSchema,
    monthlyLimitFen: nonNegativeFen,
  }),
  reply: creditLineReply,
});

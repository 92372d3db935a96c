import { z } from 'zod';
import { optionalText, text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { creditCodeInput } from './tenants.ts';

/** The seller block of every invoice the company issues. */
export const companyInfo = z.object({
  name: z.string(),
  creditCode: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  bank: z.string().nullable(),
  account: z.string().nullable(),
  tenantCode: z.string(),
  tenantType: z.number().int(),
  invoiceMethod: z.number().int(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

export const companyUpdateBody = z.object({
  name: text(128).min(1, '请输入企业名称'),
  creditCode: creditCodeInput,
  address: optionalText(255),
  phone: optionalText(32),
  bank: optionalText(128),
  account: optionalText(64),
});

export const getCompany = defineRoute({
  method: 'GET',
  path: '/api/admin/company',
  permission: 'authenticated',
  tag: 'company',
  summary: '本企业基本信息 (发票销售方信息)',
  reply: companyInfo,
});

export const updateCompany = defineRoute({
  method: 'PUT',
  path: '/api/admin/company',
  permission: 'authenticated',
  tag: 'company',
  summary: '修改本企业基本信息 (仅企业管理员)',
  body: companyUpdateBody,
  reply: companyInfo.extend({ creditCodeWarning: z.string().nullable() }),
});

import { z } from 'zod';
import { faceText, optionalFaceText, patchOf } from '../common.ts';
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

/** The seller block is printed on every invoice: printable text only. Only the fields given change. */
export const companyUpdateBody = patchOf({
  name: faceText(128, '企业名称').min(1, '请输入企业名称'),
  creditCode: creditCodeInput,
  address: optionalFaceText(255, '地址'),
  phone: optionalFaceText(32, '电话'),
  bank: optionalFaceText(128, '开户银行'),
  account: optionalFaceText(64, '银行账号'),
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

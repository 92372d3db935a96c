import { z } from 'zod';
import { defineRoute } from '../route.ts';

/** Spec §7 keeps the legacy envelope for these calls: success is code "0". */
export const enterpriseParameterReply = z.object({
  code: z.literal('0'),
  content: z.object({ logoUrl: z.string().nullable(), titleImageUrl: z.string().nullable() }),
});
export type EnterpriseParameterReply = z.infer<typeof enterpriseParameterReply>;

export const getEnterpriseParameter = defineRoute({
  method: 'GET',
  path: '/api/admin/enterpriseParameterSetting',
  permission: 'authenticated',
  tag: 'enterprise',
  summary: '本企业的标识与标题图',
  query: z.object({}).passthrough(),
  reply: enterpriseParameterReply,
});

export const uploadEnterpriseLogo = defineRoute({
  method: 'POST',
  path: '/api/admin/v1/parameterSetting/enterpriseLogoUpload',
  permission: 'authenticated',
  tag: 'enterprise',
  consumes: 'multipart',
  summary: '上传企业标识 (字段 file；kind=logo|title，默认 logo；仅定制企业管理员)',
  query: z.object({ kind: z.enum(['logo', 'title']).optional() }),
  reply: enterpriseParameterReply,
});

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const themeProp = z.object({
  primaryColor: z.string().regex(HEX_COLOR, '颜色格式应为 #RRGGBB'),
  dark: z.boolean(),
});
export type ThemeProp = z.infer<typeof themeProp>;
export const DEFAULT_THEME: ThemeProp = { primaryColor: '#1677ff', dark: false };

export const getTitleProp = defineRoute({
  method: 'GET',
  path: '/api/systemmanager/titleProp/getTitleProp',
  permission: 'authenticated',
  tag: 'enterprise',
  summary: '本人保存的主题 (未保存时为默认主题)',
  reply: themeProp,
});

export const saveTitleProp = defineRoute({
  method: 'POST',
  path: '/api/systemmanager/titleProp',
  permission: 'authenticated',
  tag: 'enterprise',
  summary: '保存本人的主题',
  body: themeProp,
  reply: themeProp,
});

export const uploadTitleImage = defineRoute({
  method: 'POST',
  path: '/api/systemmanager/titleProp/uploadImgs',
  permission: 'authenticated',
  tag: 'enterprise',
  consumes: 'multipart',
  summary: '上传标题图 (同 enterpriseLogoUpload kind=title)',
  reply: enterpriseParameterReply,
});

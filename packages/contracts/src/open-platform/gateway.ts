import { z } from 'zod';
import { defineRoute } from '../route.ts';

/** The open API's OpenAPI 3.1 document (generated from the contracts' open declarations; issue 32). */
export const getOpenPlatformDocument = defineRoute({
  method: 'GET',
  path: '/openapi/v1/openapi.json',
  permission: 'public',
  tag: 'open-platform',
  summary: '开放平台 OpenAPI 3.1 文档（签名与令牌两种认证、统一响应信封、错误码）',
  reply: z.record(z.string(), z.unknown()),
});

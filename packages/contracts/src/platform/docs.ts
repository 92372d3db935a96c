import { z } from 'zod';
import { defineRoute } from '../route.ts';

export const getOpenApi = defineRoute({
  method: 'GET',
  path: '/api/docs/openapi.json',
  permission: 'public',
  tag: 'docs',
  summary: 'OpenAPI 文档 (每个接口带 x-permission)',
  reply: z.record(z.string(), z.unknown()),
});

import { z } from 'zod';
import { badRequest } from '../lib/errors.ts';

z.config(z.locales.zhCN());

const PART_LABEL = { query: '查询参数', body: '请求体', params: '路径参数' } as const;

/** Parses one part of a request; the first problem becomes a Chinese 400 that names the field. */
export function parsePart<T extends z.ZodType>(
  schema: T,
  value: unknown,
  part: keyof typeof PART_LABEL,
): z.infer<T> {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue.path.length ? issue.path.join('.') : PART_LABEL[part];
  // Message first: schemas often name the field in Chinese already; the key in brackets pins it down.
  throw badRequest('VALIDATION_FAILED', `${issue.message}（字段 ${field}）`, {
    part,
    issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

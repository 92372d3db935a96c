import { idSchema, patchOf } from '@fpy/contracts';
import { z } from 'zod';
import type { FieldType, ResourceMeta } from './define.ts';
import { fieldSchema } from './messages.ts';

const replyType: Record<FieldType, () => z.ZodType> = {
  string: () => z.string().nullable(),
  number: () => z.number().nullable(),
  boolean: () => z.boolean().nullable(),
  // Dates travel as ISO strings in UTC.
  datetime: () => z.string().nullable(),
  date: () => z.string().nullable(),
  money: () => z.number().int().nullable(),
  image: () => z.string().nullable(),
  richText: () => z.string().nullable(),
  list: () => z.array(z.string()).nullable(),
};

/** A row as the API returns it: id, every declared field, and tenantId for tenant-owned rows. */
export function rowSchema(meta: ResourceMeta) {
  const shape: Record<string, z.ZodType> = { id: z.number().int() };
  if (meta.tenantScoped) shape.tenantId = z.number().int().nullable();
  for (const [key, f] of Object.entries(meta.fields)) shape[key] = replyType[f.type]();
  return z.object(shape);
}

/**
 * Create body: the writable fields, worded in Chinese (server messages are Chinese first). A platform
 * administrator names the tenant of a tenant-owned row.
 */
export function writeBody(meta: ResourceMeta) {
  const shape: Record<string, z.ZodType> = {};
  for (const key of Object.keys(meta.fields)) {
    const s = fieldSchema(meta, key, 'zh');
    if (s) shape[key] = s;
  }
  if (meta.tenantScoped) shape.tenantId = idSchema.optional().nullable();
  return z.object(shape);
}

/** Update body: the same fields, each optional and without its default, so a PUT changes only what it gives. */
export const updateBody = (meta: ResourceMeta) => patchOf(writeBody(meta).shape);

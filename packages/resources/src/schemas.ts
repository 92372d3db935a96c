import { z } from 'zod';
import type { FieldType, ResourceMeta } from './define.ts';
import { fieldSchema } from './messages.ts';

const replyType: Record<FieldType, () => z.ZodType> = {
  string: () => z.string().nullable(),
  number: () => z.number().nullable(),
  boolean: () => z.boolean().nullable(),
  // Dates travel as ISO strings in UTC.
  datetime: () => z.string().nullable(),
};

/** A row as the API returns it: id, every declared field, and tenantId for tenant-owned rows. */
export function rowSchema(meta: ResourceMeta) {
  const shape: Record<string, z.ZodType> = { id: z.number().int() };
  if (meta.tenantScoped) shape.tenantId = z.number().int().nullable();
  for (const [key, f] of Object.entries(meta.fields)) shape[key] = replyType[f.type]();
  return z.object(shape);
}

/**
 * Create/update body: the writable fields, worded in Chinese (server messages are Chinese first). PUT replaces
 * the whole record, so both share one schema. A platform administrator names the tenant of a tenant-owned row.
 */
export function writeBody(meta: ResourceMeta) {
  const shape: Record<string, z.ZodType> = {};
  for (const key of Object.keys(meta.fields)) {
    const s = fieldSchema(meta, key, 'zh');
    if (s) shape[key] = s;
  }
  if (meta.tenantScoped) shape.tenantId = z.coerce.number().int().positive().optional().nullable();
  return z.object(shape);
}

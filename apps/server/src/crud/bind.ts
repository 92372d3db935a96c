import type { FieldDef, ResourceMeta } from '@fpy/resources';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuthedCtx } from '../http/context.ts';

type Row = Record<string, unknown>;

/**
 * The rung between a plain declaration and a module of its own (architecture "Declared once"): checks a
 * resource needs beyond its schema, such as references from other tables. Throw an AppError to refuse.
 */
export interface ResourceHooks {
  /**
   * Before insert and update; `existing` is the row being changed (update only), and on update `values` holds
   * only the fields the request gave.
   */
  beforeWrite?(ctx: AuthedCtx, values: Row, existing?: Row): Promise<void>;
  /** Before delete, with the row as stored: refuse while other records still point at it. */
  beforeDelete?(ctx: AuthedCtx, row: Row): Promise<void>;
}

export interface ServerResource {
  meta: ResourceMeta;
  table: PgTable;
  id: PgColumn;
  /** Present for tenant-scoped resources. */
  tenantId?: PgColumn;
  /** Field key → column, for filters, sort and projection. */
  columns: Record<string, PgColumn>;
  hooks: ResourceHooks;
}

/**
 * Pairs pure metadata with its Drizzle table. The type parameter makes every declared field key name a
 * column of the table, so a renamed column breaks the build rather than a page.
 */
export function bindResource<
  F extends Record<string, FieldDef>,
  T extends PgTable & { id: PgColumn } & Record<keyof F, PgColumn>,
>(meta: ResourceMeta<F>, table: T, hooks: ResourceHooks = {}): ServerResource {
  const t = table as unknown as Record<string, PgColumn>;
  if (meta.tenantScoped && !t.tenantId)
    throw new Error(`${meta.name}: tenant-scoped resources need a tenantId column`);
  return {
    meta: meta as unknown as ResourceMeta,
    table,
    id: table.id,
    tenantId: meta.tenantScoped ? t.tenantId : undefined,
    columns: Object.fromEntries(Object.keys(meta.fields).map((k) => [k, t[k]])),
    hooks,
  };
}

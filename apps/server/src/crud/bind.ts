import {
  type DataScope,
  type FieldDef,
  imageUploadContract,
  type ResourceMeta,
  scopeOf,
} from '@fpy/resources';
import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuthedCtx } from '../http/context.ts';

type Row = Record<string, unknown>;

/** What a write hook may answer: non-blocking warnings the reply (and the import report) carries. */
export interface WriteCheck {
  warnings?: string[];
}

export type WriteAction = 'create' | 'update' | 'delete';

/**
 * The rung between a plain declaration and a module of its own (architecture "Declared once"): checks a
 * resource needs beyond its schema (a tax number's format, references from other tables) and columns derived
 * from what is written. Every hook runs inside the write's transaction, with `ctx.db` being that transaction.
 * Throw an AppError to refuse (and roll everything back).
 */
export interface ResourceHooks {
  /**
   * Before insert and update; `existing` is the row being changed (update only, locked until commit), and on
   * update `values` holds only the fields the request gave.
   */
  beforeWrite?(
    ctx: AuthedCtx,
    values: Row,
    existing?: Row,
  ): Promise<WriteCheck | undefined> | Promise<void> | WriteCheck | undefined;
  /**
   * Columns computed from the values written (pinyin initials of a name); merged into the insert or update.
   * On update it sees only the given fields, so it returns nothing when its source did not change.
   */
  derive?(values: Row, existing?: Row): Row;
  /** After the row and its audit row are written, in the same transaction: a throw undoes both. */
  afterWrite?(ctx: AuthedCtx, change: { action: WriteAction; row: Row; values: Row }): Promise<void>;
  /** Before delete, with the row as stored: refuse while other records still point at it. */
  beforeDelete?(ctx: AuthedCtx, row: Row): Promise<void>;
}

/**
 * Read-only fields taken from another table (the commodity a SKU mapping points at): an inner join on every
 * read, and the field's column or SQL expression. Writes touch only the resource's own table.
 */
export interface JoinDef<J> {
  table: PgTable;
  on: SQL;
  columns: J;
  /** A left join: rows without a partner stay, its fields read null (a platform row has no tenant). */
  left?: boolean;
}

/**
 * A bulk verb's work on the caller's rows among `ids` (the repository has already hidden the others). It runs
 * inside one transaction (`ctx.db`) and answers how many rows it changed.
 */
export type BulkHandler = (ctx: AuthedCtx, ids: number[]) => Promise<number>;

/**
 * Stores one uploaded image of the request (the module passes the uploads module's storeImage with its store):
 * decoded, re-encoded and written under a random name, so nothing uploaded is ever served back as it came.
 */
export type ImageStore = (ctx: AuthedCtx, req: FastifyRequest) => Promise<{ url: string }>;

export interface BindOptions<J = Record<never, never>, C = Record<never, never>> {
  hooks?: ResourceHooks;
  /** Required when a writable field is an image: serves POST <base>/images. */
  images?: ImageStore;
  /** Handlers of the declared bulk verbs that do not `set` fields, by verb name. */
  bulk?: Record<string, BulkHandler>;
  /** Columns the `?keyword=` box searches (contains, case-insensitive), for metas that declare `keyword`. */
  keyword?: (PgColumn | SQL)[];
  join?: JoinDef<J>;
  /**
   * Read-only fields computed per row without a join (a correlated subquery: the tenant's name, the
   * provider's name), keyed like `join.columns`.
   */
  computed?: C;
  /**
   * A fixed condition on every read, update and delete: one table serving several resources (SMS and e-mail
   * records of `deliveries`, the platform's templates among the tenants'). Rows outside it are "not found";
   * new rows are made to fit by the `derive` hook.
   */
  where?: SQL;
}

export interface ServerResource {
  meta: ResourceMeta;
  table: PgTable;
  id: PgColumn;
  /** Present for tenant-scoped resources. */
  tenantId?: PgColumn;
  /** Field key → column (or a joined table's column or expression), for filters, sort and projection. */
  columns: Record<string, PgColumn>;
  hooks: ResourceHooks;
  keyword: (PgColumn | SQL)[];
  join?: { table: PgTable; on: SQL; left?: boolean };
  where?: SQL;
  scope: DataScope;
  bulk: Record<string, BulkHandler>;
  images?: ImageStore;
}

/**
 * Pairs pure metadata with its Drizzle table. The type parameters make every declared field key name a
 * column of the table or of the join, so a renamed column breaks the build rather than a page.
 */
export function bindResource<
  F extends Record<string, FieldDef>,
  T extends PgTable & { id: PgColumn } & Record<Exclude<keyof F, keyof J | keyof C>, PgColumn>,
  J extends Partial<Record<keyof F, PgColumn | SQL>> = Record<never, never>,
  C extends Partial<Record<keyof F, SQL>> = Record<never, never>,
>(meta: ResourceMeta<F>, table: T, opts: BindOptions<J, C> = {}): ServerResource {
  const t = table as unknown as Record<string, PgColumn>;
  if (meta.tenantScoped && !t.tenantId)
    throw new Error(`${meta.name}: tenant-scoped resources need a tenantId column`);
  if (!!meta.keyword !== !!opts.keyword?.length)
    throw new Error(`${meta.name}: a keyword box and its columns come together`);
  for (const v of meta.bulk ?? [])
    if (!v.set && !opts.bulk?.[v.name])
      throw new Error(`${meta.name}: bulk verb ${v.name} needs \`set\` or a handler`);
  if (imageUploadContract(meta as unknown as ResourceMeta) && !opts.images)
    throw new Error(`${meta.name}: an image field needs an image store (BindOptions.images)`);
  const joined = { ...opts.join?.columns, ...opts.computed } as Record<string, PgColumn>;
  for (const key of Object.keys(joined))
    if (meta.fields[key]?.schema)
      throw new Error(`${meta.name}.${key}: a joined or computed field is read-only`);
  return {
    meta: meta as unknown as ResourceMeta,
    table,
    id: table.id,
    tenantId: meta.tenantScoped ? t.tenantId : undefined,
    columns: Object.fromEntries(Object.keys(meta.fields).map((k) => [k, joined[k] ?? t[k]])),
    hooks: opts.hooks ?? {},
    keyword: opts.keyword ?? [],
    join: opts.join ? { table: opts.join.table, on: opts.join.on, left: opts.join.left } : undefined,
    where: opts.where,
    scope: scopeOf(meta as unknown as ResourceMeta),
    bulk: opts.bulk ?? {},
    images: opts.images,
  };
}

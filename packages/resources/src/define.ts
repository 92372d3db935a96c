import type { MessageKey } from '@fpy/contracts';
import type { z } from 'zod';

/**
 * A declared admin resource, pure metadata: no database driver, no server code, so the web bundle can import
 * it. The server pairs it with its Drizzle table (apps/server/src/crud); field keys are the table's column
 * property names, which that pairing checks at compile time.
 */

/** Bilingual text stated once: the web's locale files and the server's messages and Excel headers read it. */
export interface Label {
  zh: string;
  en: string;
}

/**
 * How a field's value is shown and typed in replies:
 *  date      YYYY-MM-DD (a calendar day, no time zone)
 *  money     integer fen, shown as yuan through @fpy/domain (never a float on the wire)
 *  image     a stored file's key (POST /api/upload); shown as an <img>, never served as active content
 *  richText  plain text with light markdown (paragraphs, **bold**, lists), rendered escaped: no HTML travels
 *  list      a list of short texts (a jsonb string[] column: CIDR entries, event names, group codes); tags in
 *            the form (a multiple select when the field has options), joined in the table and the export
 */
export type FieldType =
  | 'string'
  | 'number'
  | 'boolean'
  | 'datetime'
  | 'date'
  | 'money'
  | 'image'
  | 'richText'
  | 'list';

/**
 * Which rows a caller sees (ResourceMeta.scope), applied in one place of the server data path:
 *  tenant           the caller's own company (platform accounts: every company)
 *  agent-companies  tenant, and for an agent account (tenant_type 2) also the companies it serves
 *                   (tenants.parent_id = the agent, tenant_type 3)
 *  platform         no tenant column; platform accounts only (with platformOnly)
 */
export type DataScope = 'tenant' | 'agent-companies' | 'platform';

/**
 * A verb on the selected rows of a list (a footer toolbar button): POST <base>/bulk/<name> { ids } → { updated }.
 * `set` makes it a declared patch the generic crud applies row by row (hooks, audit, one transaction);
 * without it the server binding supplies the handler (BindOptions.bulk).
 */
export interface BulkVerbDef {
  /** kebab-case path segment and i18n key: resource.<name>.bulk.<verb>. */
  name: string;
  label: Label;
  /** Element code suffix: the route needs `<menuCode>:btn_<element>`. */
  element: string;
  /** Most rows one call may name (default 200). */
  max?: number;
  /** The fields the verb writes on each row, e.g. `{ enabled: false }`. */
  set?: Readonly<Record<string, unknown>>;
  /** Asks before running (a destructive verb). */
  confirm?: boolean;
  danger?: boolean;
}

/**
 * Search-form filter kinds and their query parameters:
 *  text       ?key=…            contains, case-insensitive
 *  exact      ?key=…            equals
 *  select     ?key=…            equals one of the options
 *  boolean    ?key=true|false
 *  range      ?keyMin=&keyMax=  numbers, inclusive
 *  dateRange  ?keyFrom=&keyTo=  ISO date-times (or YYYY-MM-DD[ HH:mm:ss] in China time), inclusive
 *  httpStatus ?key=404|4xx      exact status or its class
 */
export type FilterKind = 'text' | 'exact' | 'select' | 'boolean' | 'range' | 'dateRange' | 'httpStatus';

export type Widget = 'input' | 'textarea' | 'number' | 'switch' | 'select';

export interface OptionDef extends Label {
  value: string;
}

/** Static options, or the enabled items of a dictionary type (GET /api/admin/dict/{typeCode}). */
export type Options = readonly OptionDef[] | { dict: string };

export interface FieldDef {
  label: Label;
  type: FieldType;
  /** Create/update validation; a field without a schema is read-only (server-set or system-written). */
  schema?: z.ZodType;
  /** A column of the list table (default true). */
  list?: boolean;
  filter?: FilterKind;
  options?: Options;
  sortable?: boolean;
  /** Form widget; derived from type and options when omitted. */
  widget?: Widget;
  /** A column of the Excel export (default: same as list). */
  export?: boolean;
  /**
   * Unique among its tenant's rows (or globally): a duplicate is a 400 naming this field. A rule gives the
   * resource's own catalogue message and the placeholder the duplicate value fills (CUSTOMER_DUPLICATE, tax).
   */
  unique?: boolean | UniqueRule;
  /** List column width in px. */
  width?: number;
}

export interface UniqueRule {
  key: MessageKey;
  param: string;
}

/**
 * `template` serves the Excel import template (GET …/import-template); it comes with `import`.
 * `deleteMany` deletes the selected rows (POST …/delete-many { ids }), all or none.
 */
export type Action =
  | 'list'
  | 'get'
  | 'create'
  | 'update'
  | 'delete'
  | 'deleteMany'
  | 'export'
  | 'import'
  | 'template';

export interface ResourceMeta<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** URL segment and i18n namespace: /api/admin/r/<name>, resource.<name>.fields.<key>. */
  name: string;
  title: Label;
  /** Menu code of the page: read permission; actions use `<menuCode>:btn_add|edit|del|export|import`. */
  menuCode: string;
  /** Rows carry tenant_id and are scoped through the shared tenant path. */
  tenantScoped: boolean;
  /** Which rows a caller sees; 'tenant' for tenant-scoped resources, 'platform' otherwise (DataScope). */
  scope?: DataScope;
  /** Verbs on the selected rows, each its own route and permission (BulkVerbDef). */
  bulk?: readonly BulkVerbDef[];
  /** Only platform accounts (isSuperAdmin 2/3) may call any of its routes. */
  platformOnly?: boolean;
  fields: F;
  actions: readonly Action[];
  /** `-createdAt`, `sortOrder`… must name a sortable field or id. */
  defaultSort: string;
  /**
   * Where the routes live when the spec fixes them (`/api/billing/v1/customers`); /api/admin/r/<name> by
   * default. The verbs and sub-paths stay the generic ones (GET list, GET/PUT/DELETE /{id}, /export, /import).
   */
  basePath?: string;
  /** OpenAPI tag; the resource name by default. */
  tag?: string;
  /**
   * A `?keyword=` search box over several columns (the server binding names them, e.g. name, tax number and
   * pinyin initials); the label is the box's placeholder.
   */
  keyword?: Label;
  /**
   * Create and update answer `{ [savedKey]: row, warnings }` instead of the bare row, so non-blocking warnings
   * of the write hook (a credit-code checksum failure) reach the user.
   */
  savedKey?: string;
  /** Lines of the import template's 填写说明 sheet. */
  importNotes?: readonly Label[];
}

export function defineResource<const F extends Record<string, FieldDef>>(
  meta: ResourceMeta<F>,
): ResourceMeta<F> {
  if (!/^[a-z][a-zA-Z0-9]*$/.test(meta.name))
    throw new Error(`resource name must be camelCase: ${meta.name}`);
  // The console sends defaultSort as `sort`, which the list contract only accepts for sortable fields and id.
  const sortKey = meta.defaultSort.replace(/^-/, '');
  if (sortKey !== 'id' && !meta.fields[sortKey]?.sortable)
    throw new Error(`${meta.name}: defaultSort names no sortable field: ${sortKey}`);
  if (meta.actions.includes('template') && !meta.actions.includes('import'))
    throw new Error(`${meta.name}: a template needs the import action`);
  if (meta.keyword && meta.fields.keyword) throw new Error(`${meta.name}: keyword is the search box's name`);
  const writes = meta.actions.includes('create') || meta.actions.includes('update');
  for (const [key, f] of Object.entries(meta.fields))
    if (f.type === 'image' && f.schema && !writes)
      throw new Error(`${meta.name}.${key}: an image field is uploaded by create or update`);
  if (meta.scope === 'agent-companies' && !meta.tenantScoped)
    throw new Error(`${meta.name}: the agent-companies scope widens a tenant scope`);
  if (meta.scope === 'platform' && meta.tenantScoped)
    throw new Error(`${meta.name}: a platform-scoped resource has no tenant column`);
  const verbs = new Set<string>();
  for (const v of meta.bulk ?? []) {
    if (!/^[a-z][a-z0-9-]*$/.test(v.name))
      throw new Error(`${meta.name}: bulk verb must be kebab-case: ${v.name}`);
    if (verbs.has(v.name)) throw new Error(`${meta.name}: bulk verb twice: ${v.name}`);
    verbs.add(v.name);
    for (const k of Object.keys(v.set ?? {}))
      if (!meta.fields[k]?.schema)
        throw new Error(`${meta.name}.bulk.${v.name}: sets no writable field ${k}`);
  }
  for (const [key, f] of Object.entries(meta.fields)) {
    if (f.filter === 'select' && !f.options)
      throw new Error(`${meta.name}.${key}: a select filter needs options`);
  }
  return meta;
}

/** The data scope a resource declares, or the one its tenant flag implies. */
export const scopeOf = (meta: ResourceMeta): DataScope =>
  meta.scope ?? (meta.tenantScoped ? 'tenant' : 'platform');

/** Whether the resource may change rows at all. */
export const isReadOnly = (meta: ResourceMeta) =>
  !meta.actions.some(
    (a) => a === 'create' || a === 'update' || a === 'delete' || a === 'deleteMany' || a === 'import',
  );

/** Fields the create/edit form holds, in declaration order. */
export const writableFields = (meta: ResourceMeta) => Object.entries(meta.fields).filter(([, f]) => f.schema);

export const listFields = (meta: ResourceMeta) =>
  Object.entries(meta.fields).filter(([, f]) => f.list !== false);

export const exportFields = (meta: ResourceMeta) =>
  Object.entries(meta.fields).filter(([, f]) => f.export ?? f.list !== false);

export const filterFields = (meta: ResourceMeta) => Object.entries(meta.fields).filter(([, f]) => f.filter);

/** Keys `sort` may name: sortable fields and id. */
export const sortableKeys = (meta: ResourceMeta) => [
  'id',
  ...Object.entries(meta.fields)
    .filter(([, f]) => f.sortable)
    .map(([k]) => k),
];

/** i18n key convention (architecture "Labels"). */
export const fieldLabelKey = (resource: string, field: string) => `resource.${resource}.fields.${field}`;
export const titleKey = (resource: string) => `resource.${resource}.title`;
export const bulkLabelKey = (resource: string, verb: string) => `resource.${resource}.bulk.${verb}`;
export const optionLabelKey = (resource: string, field: string, value: string) =>
  `resource.${resource}.options.${field}.${value}`;
export const dictLabelKey = (type: string, value: string) => `dict.${type}.${value}`;

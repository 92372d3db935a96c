import {
  columnNames,
  type Db,
  invoiceEvents,
  invoiceLines,
  invoices,
  rowFromJson,
  rowToJson,
  runStatement,
  type Statement,
  tenants,
  users,
} from '@fpy/db';
import { InvoiceMethod } from '@fpy/domain';
import { getTableName } from 'drizzle-orm';

type Invoice = typeof invoices.$inferSelect;
type Line = typeof invoiceLines.$inferSelect;
type Event = typeof invoiceEvents.$inferSelect;

export interface CreateRows {
  /** The header as the form gave it (tenant, serial, buyer, totals…); the seller comes from the tenant row. */
  header: Partial<typeof invoices.$inferInsert> & {
    tenantId: number;
    clientSerial: string;
    createdBy: number;
  };
  lines: Omit<typeof invoiceLines.$inferInsert, 'tenantId' | 'invoiceId'>[];
  submit: boolean;
  actor: { userId: number; name: string };
  ip: string | null;
}

export type CreateOutcome =
  | { kind: 'no_tenant' }
  | { kind: 'exists' }
  | { kind: 'created'; invoice: Invoice; lines: Line[]; events: Event[] };

const statements = new Map<string, Statement>();

/** The statement's signature: requests with the same one can share a statement (create-groups.ts). */
export const signatureOf = (rows: CreateRows) =>
  `${Object.keys(rows.header).join(',')}|${Object.keys(rows.lines[0] ?? {}).join(',')}`;

/**
 * One statement accepts one or many invoices: for each, the seller snapshot and the creator's department are
 * read, the header, lines and audit events are written, and the rows come back — atomic without a
 * transaction, and one round trip for the whole group instead of seven per invoice. A serial already used
 * inserts nothing (ON CONFLICT DO NOTHING waits for a concurrent first insert to commit), and the caller
 * reads the first invoice instead. Rows are inserted in (tenant, serial) order, so two statements sharing
 * serials cannot deadlock on each other.
 */
function statementFor(rows: CreateRows): Statement {
  const sig = signatureOf(rows);
  let stmt = statements.get(sig);
  if (stmt) return stmt;
  const inv = getTableName(invoices);
  const hCols = columnNames(invoices, Object.keys(rows.header));
  const lCols = columnNames(invoiceLines, Object.keys(rows.lines[0] ?? {}));
  const sellerCols = columnNames(invoices, [
    'sellerName',
    'sellerCreditCode',
    'sellerAddress',
    'sellerPhone',
    'sellerBank',
    'sellerAccount',
    'departmentId',
    'status',
  ]);
  const text = `
WITH q AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS q(ord int, header jsonb, lines jsonb, submit boolean, actor_id int, actor_name text, ip text)
), s AS (
  SELECT q.ord, q.lines, q.submit, q.actor_id, q.actor_name, q.ip, r.*, t.name AS s_name,
    t.credit_code AS s_credit_code, t.address AS s_address, t.phone AS s_phone, t.bank AS s_bank,
    t.account AS s_account, t.invoice_method AS s_method, u.department_id AS s_department
  FROM q CROSS JOIN LATERAL jsonb_populate_record(NULL::${inv}, q.header) r
  JOIN ${getTableName(tenants)} t ON t.id = r.tenant_id
  LEFT JOIN ${getTableName(users)} u ON u.id = r.created_by
), ins AS (
  INSERT INTO ${inv} (${[...hCols, ...sellerCols].join(', ')})
  SELECT ${hCols.map((c) => `s.${c}`).join(', ')}, s_name, s_credit_code, s_address, s_phone, s_bank, s_account,
    s_department,
    CASE WHEN NOT s.submit THEN 'draft' WHEN s_method = $2::int THEN 'pending_review' ELSE 'ready' END
  FROM s ORDER BY s.tenant_id, s.client_serial
  ON CONFLICT (tenant_id, client_serial) DO NOTHING
  RETURNING *
), made AS (
  SELECT ins.id AS invoice_id, ins.status AS new_status, s.* FROM ins
  JOIN s ON s.tenant_id = ins.tenant_id AND s.client_serial = ins.client_serial
), l AS (
  INSERT INTO ${getTableName(invoiceLines)} (tenant_id, invoice_id, ${lCols.join(', ')})
  SELECT made.tenant_id, made.invoice_id, ${lCols.map((c) => `x.${c}`).join(', ')}
  FROM made CROSS JOIN LATERAL jsonb_populate_recordset(NULL::${getTableName(invoiceLines)}, made.lines) x
  RETURNING *
), e AS (
  INSERT INTO ${getTableName(invoiceEvents)} (tenant_id, invoice_id, from_status, to_status, actor_id, actor_name, ip)
  SELECT made.tenant_id, made.invoice_id, v.from_status, v.to_status, made.actor_id, made.actor_name, made.ip
  FROM made CROSS JOIN LATERAL (VALUES (1, NULL::text, 'draft'::text), (2, 'draft', made.new_status))
    v(ord, from_status, to_status)
  WHERE v.ord = 1 OR made.new_status <> 'draft'
  ORDER BY made.ord, v.ord
  RETURNING *
), la AS (
  SELECT invoice_id, jsonb_agg(to_jsonb(l) ORDER BY l.line_no) AS lines FROM l GROUP BY invoice_id
), ea AS (
  SELECT invoice_id, jsonb_agg(to_jsonb(e) ORDER BY e.id) AS events FROM e GROUP BY invoice_id
)
SELECT q.ord, (s.ord IS NOT NULL) AS has_tenant, to_jsonb(ins) AS invoice, la.lines, ea.events
FROM q
LEFT JOIN s ON s.ord = q.ord
LEFT JOIN ins ON ins.tenant_id = s.tenant_id AND ins.client_serial = s.client_serial
LEFT JOIN la ON la.invoice_id = ins.id
LEFT JOIN ea ON ea.invoice_id = ins.id
ORDER BY q.ord`;
  stmt = { name: `invoice_create_${statements.size + 1}`, text };
  statements.set(sig, stmt);
  return stmt;
}

/**
 * Accepts a group of invoices of one signature in one statement; answers per item, in order. Two items of
 * one group must not share a (tenant, serial): both would read the one insert as their own.
 */
export async function insertInvoices(db: Db, group: CreateRows[]): Promise<CreateOutcome[]> {
  const items = group.map((rows, ord) => ({
    ord,
    header: rowToJson(invoices, rows.header),
    lines: rows.lines.map((l) => rowToJson(invoiceLines, l)),
    submit: rows.submit,
    actor_id: rows.actor.userId,
    actor_name: rows.actor.name,
    ip: rows.ip,
  }));
  type Out = {
    ord: number;
    has_tenant: boolean;
    invoice: unknown;
    lines: unknown[] | null;
    events: unknown[] | null;
  };
  const out = await runStatement<Out>(db, statementFor(group[0]), [
    JSON.stringify(items),
    InvoiceMethod.PreIssue,
  ]);
  const asRow = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return out.map((o): CreateOutcome => {
    if (!o.has_tenant) return { kind: 'no_tenant' };
    if (!o.invoice) return { kind: 'exists' };
    return {
      kind: 'created',
      invoice: rowFromJson(invoices, asRow(o.invoice)),
      lines: (asRow<Record<string, unknown>[]>(o.lines) ?? []).map((l) => rowFromJson(invoiceLines, l)),
      events: (asRow<Record<string, unknown>[]>(o.events) ?? []).map((e) => rowFromJson(invoiceEvents, e)),
    };
  });
}

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

/**
 * One statement per accepted invoice: the seller snapshot and the creator's department are read, the header,
 * lines and audit events are written, and the rows come back — atomic without a transaction, and one
 * round trip instead of seven. A serial already used inserts nothing (ON CONFLICT DO NOTHING waits for a
 * concurrent first insert to commit), and the caller reads the first invoice instead.
 */
function statementFor(headerKeys: string[], lineKeys: string[]): Statement {
  const sig = `${headerKeys.join(',')}|${lineKeys.join(',')}`;
  let stmt = statements.get(sig);
  if (stmt) return stmt;
  const inv = getTableName(invoices);
  const hCols = columnNames(invoices, headerKeys);
  const lCols = columnNames(invoiceLines, lineKeys);
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
WITH s AS (
  SELECT r.*, t.name AS s_name, t.credit_code AS s_credit_code, t.address AS s_address, t.phone AS s_phone,
    t.bank AS s_bank, t.account AS s_account, t.invoice_method AS s_method, u.department_id AS s_department
  FROM jsonb_populate_record(NULL::${inv}, $1::jsonb) r
  JOIN ${getTableName(tenants)} t ON t.id = r.tenant_id
  LEFT JOIN ${getTableName(users)} u ON u.id = r.created_by
), ins AS (
  INSERT INTO ${inv} (${[...hCols, ...sellerCols].join(', ')})
  SELECT ${hCols.map((c) => `s.${c}`).join(', ')}, s_name, s_credit_code, s_address, s_phone, s_bank, s_account,
    s_department,
    CASE WHEN NOT $2::boolean THEN 'draft' WHEN s_method = $3::int THEN 'pending_review' ELSE 'ready' END
  FROM s
  ON CONFLICT (tenant_id, client_serial) DO NOTHING
  RETURNING *
), l AS (
  INSERT INTO ${getTableName(invoiceLines)} (tenant_id, invoice_id, ${lCols.join(', ')})
  SELECT ins.tenant_id, ins.id, ${lCols.map((c) => `x.${c}`).join(', ')}
  FROM ins, jsonb_populate_recordset(NULL::${getTableName(invoiceLines)}, $4::jsonb) x
  RETURNING *
), e AS (
  INSERT INTO ${getTableName(invoiceEvents)} (tenant_id, invoice_id, from_status, to_status, actor_id, actor_name, ip)
  SELECT ins.tenant_id, ins.id, v.from_status, v.to_status, $5::int, $6::text, $7::text
  FROM ins CROSS JOIN LATERAL (VALUES (1, NULL::text, 'draft'::text), (2, 'draft', ins.status)) v(ord, from_status, to_status)
  WHERE v.ord = 1 OR ins.status <> 'draft'
  ORDER BY v.ord
  RETURNING *
)
SELECT (SELECT count(*) FROM s)::int AS tenants,
  (SELECT to_jsonb(ins) FROM ins) AS invoice,
  (SELECT jsonb_agg(to_jsonb(l)) FROM l) AS lines,
  (SELECT jsonb_agg(to_jsonb(e)) FROM e) AS events`;
  stmt = { name: `invoice_create_${statements.size + 1}`, text };
  statements.set(sig, stmt);
  return stmt;
}

export async function insertInvoice(db: Db, rows: CreateRows): Promise<CreateOutcome> {
  const header = rowToJson(invoices, rows.header);
  const lines = rows.lines.map((l) => rowToJson(invoiceLines, l));
  const stmt = statementFor(Object.keys(rows.header), Object.keys(rows.lines[0] ?? {}));
  type Out = { tenants: number; invoice: unknown; lines: unknown[] | null; events: unknown[] | null };
  const [out] = await runStatement<Out>(db, stmt, [
    JSON.stringify(header),
    rows.submit,
    InvoiceMethod.PreIssue,
    JSON.stringify(lines),
    rows.actor.userId,
    rows.actor.name,
    rows.ip,
  ]);
  if (!out.tenants) return { kind: 'no_tenant' };
  if (!out.invoice) return { kind: 'exists' };
  const asRow = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    kind: 'created',
    invoice: rowFromJson(invoices, asRow(out.invoice)),
    lines: (asRow<Record<string, unknown>[]>(out.lines) ?? []).map((l) => rowFromJson(invoiceLines, l)),
    events: (asRow<Record<string, unknown>[]>(out.events) ?? []).map((e) => rowFromJson(invoiceEvents, e)),
  };
}

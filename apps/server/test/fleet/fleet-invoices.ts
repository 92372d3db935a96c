import type pg from 'pg';

/** What the invoice-issuing fleet tests (multi-instance, fleet-shutdown) send and check in the database. */

/** A one-line invoice of demo's seller, identified by the client's serial (the idempotency key). */
export const invoiceBody = (serial: string) =>
  JSON.stringify({
    clientSerial: serial,
    type: 'digital_ordinary',
    pricingMode: 'exclusive',
    buyer: { name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' },
    lines: [
      {
        name: '*软件维护服务*接口服务费',
        // 通用应用软件 (13%): the line is at 13%, which 软件维护服务 (6%) does not allow (issue 28 §7).
        taxCode: '1060301020100000000',
        unit: '次',
        quantity: '1',
        unitPrice: '1',
        rate: 'rate_13',
      },
    ],
  });

export interface InvoiceRow {
  id: number;
  tenant_id: number;
  client_serial: string;
  status: string;
  number: string;
  seller_credit_code: string;
}

/** The invoices whose client serial starts with `serialPrefix`. */
export async function invoiceRows(db: pg.Client, serialPrefix: string): Promise<InvoiceRow[]> {
  return (
    await db.query(
      `SELECT id, tenant_id, client_serial, status, number, seller_credit_code
         FROM invoices WHERE client_serial LIKE $1`,
      [`${serialPrefix}%`],
    )
  ).rows as InvoiceRow[];
}

/** The sandbox bureau's invoices of one seller: how many, distinct numbers, the range, and the sequence row. */
export async function sandboxNumbers(db: pg.Client, seller: string) {
  const [s] = (
    await db.query(
      `SELECT count(*)::int AS n, count(DISTINCT number)::int AS d,
              min(substr(number, 6)::bigint) AS lo, max(substr(number, 6)::bigint) AS hi
         FROM tax_sandbox_invoices WHERE seller_credit_code = $1`,
      [seller],
    )
  ).rows as { n: number; d: number; lo: string; hi: string }[];
  const seq = (
    await db.query(
      `SELECT sum(last_seq)::int AS s FROM tax_sandbox_sequences WHERE seller_credit_code = $1`,
      [seller],
    )
  ).rows[0].s as number;
  return { n: s.n, d: s.d, lo: Number(s.lo), hi: Number(s.hi), seq };
}

/** Waits until no invoice with the serial prefix is left unissued (100 s at most). */
export async function waitAllIssued(db: pg.Client, serialPrefix: string, onTimeout: () => string) {
  const deadline = Date.now() + 100_000;
  for (;;) {
    const waiting = Number(
      (
        await db.query(
          `SELECT count(*) AS n FROM invoices WHERE client_serial LIKE $1 AND status <> 'issued'`,
          [`${serialPrefix}%`],
        )
      ).rows[0].n,
    );
    if (waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`${waiting} invoices not issued; ${onTimeout()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

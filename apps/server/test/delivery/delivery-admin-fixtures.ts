import { deliveries, deliveryEvents, invoices, messageProviders, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../harness.ts';

/**
 * Rows of the delivery tables as the dispatch pipeline leaves them, inserted directly: the SMS/e-mail
 * administration and reporting pages are tested on fixtures, independent of the pipeline's progress.
 */
let serial = 0;
const uniq = () => `${process.pid}${Date.now() % 100000}${++serial}`;

export async function tenantOf(t: TestApp, username: string): Promise<number> {
  const [u] = await t.services.db.select().from(users).where(eq(users.username, username));
  return u.tenantId!;
}

export async function insertInvoice(
  t: TestApp,
  tenantId: number,
  number = `2531${uniq().padStart(16, '0')}`,
) {
  const [row] = await t.services.db
    .insert(invoices)
    .values({
      tenantId,
      clientSerial: `dlv-${uniq()}`,
      type: 'digital_normal',
      pricingMode: 'exclusive',
      sellerName: '测试销售方',
      sellerCreditCode: '91310115MA1K4GDM05',
      buyerName: '交付测试购买方',
      drawer: '测试',
      amountFen: 10000,
      taxFen: 600,
      totalFen: 10600,
      status: 'issued',
      number: number.slice(0, 20),
      issuedAt: new Date(),
    })
    .returning();
  return row;
}

export async function insertProvider(t: TestApp, channel: 'sms' | 'email', name: string) {
  const [row] = await t.services.db
    .insert(messageProviders)
    .values({ channel, kind: channel === 'sms' ? 'aliyun' : 'smtp', name })
    .returning();
  return row;
}

type DeliveryInit = Partial<typeof deliveries.$inferInsert> & {
  tenantId: number;
  invoiceId: number;
  channel: 'sms' | 'email';
  recipient: string;
};

export async function insertDelivery(t: TestApp, d: DeliveryInit) {
  const [row] = await t.services.db
    .insert(deliveries)
    .values({ seq: serial++, ...d })
    .returning();
  return row;
}

export async function insertEvent(
  t: TestApp,
  d: { id: number; tenantId: number; channel: string; providerId: number | null },
  kind: string,
  code: string | null,
  message: string | null,
  createdAt?: Date,
) {
  const [row] = await t.services.db
    .insert(deliveryEvents)
    .values({
      tenantId: d.tenantId,
      deliveryId: d.id,
      channel: d.channel,
      kind,
      providerId: d.providerId,
      code,
      message,
      ...(createdAt ? { createdAt } : {}),
    })
    .returning();
  return row;
}

/** An .xlsx reply as rows of cell texts, per sheet. */
export async function sheets(payload: Buffer): Promise<Record<string, string[][]>> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const out: Record<string, string[][]> = {};
  for (const ws of wb.worksheets) {
    const rows: string[][] = [];
    ws.eachRow((r) => {
      const cells: string[] = [];
      r.eachCell({ includeEmpty: true }, (c) => cells.push(c.text));
      rows.push(cells);
    });
    out[ws.name] = rows;
  }
  return out;
}

import { createInvoiceBody } from '@fpy/contracts';
import { type Db, groupMembers, groups, invoices, users } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { VerbCtx } from '../http/verb-ctx.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { hashPassword } from '../lib/hash.ts';
import { withTransaction } from '../lib/write/index.ts';
import { createDraft } from '../modules/sales/invoicing/index.ts';

/** The brand company's applicant: applications need a second person (the reviewer may not approve their own). */
export const PREOPEN_DEMO_SALES = {
  username: 'brand-sales',
  password: 'Sales@123',
  name: '销售小王',
} as const;

const NO_JOBS: JobQueue = {
  enqueue: async () => 'seed',
  process: () => undefined,
  processBatch: () => undefined,
  get: () => undefined,
  drain: async () => undefined,
  close: async () => undefined,
};

const APPLICATIONS = [
  {
    serial: 'preopen-demo-1',
    buyer: { name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' },
    line: { name: '*信息技术服务*软件开发服务', unit: '项', quantity: '1', unitPrice: '8000' },
    remarks: '合同 HT-2026-118 首期款',
  },
  {
    serial: 'preopen-demo-2',
    buyer: { name: '杭州明湖文化传媒有限公司', taxNumber: '91320594MA1WQ2LB8E' },
    line: { name: '*信息技术服务*系统运维服务', unit: '月', quantity: '3', unitPrice: '1500' },
    remarks: null,
  },
];

/**
 * 预开审核 demo (issue 30 §2.9): brand (invoiceMethod 0) gets an applicant, 销售小王, and two applications
 * waiting for review, so the console's 预开审核 page and the phone's /codeScanningInvoicing show real data on a
 * fresh start: brand's administrator binds a phone and approves them. Through invoicing's face (createDraft with
 * submit: a pre-issue company's submission waits in pending_review). Idempotent on the client serials.
 */
export async function seedPreopenDemo(db: Db) {
  const [brand] = await db.select().from(users).where(eq(users.username, 'brand'));
  if (!brand?.tenantId) return 0;
  const tenantId = brand.tenantId;
  let [sales] = await db.select().from(users).where(eq(users.username, PREOPEN_DEMO_SALES.username));
  if (!sales) {
    [sales] = await db
      .insert(users)
      .values({
        tenantId,
        username: PREOPEN_DEMO_SALES.username,
        passwordHash: await hashPassword(PREOPEN_DEMO_SALES.password),
        passwordState: 'ok',
        passwordChangedAt: new Date(),
        name: PREOPEN_DEMO_SALES.name,
        phone: '13900000013',
        email: 'brand-sales@fapiaoyun.example',
      })
      .returning();
    const [admins] = await db
      .select()
      .from(groups)
      .where(and(eq(groups.tenantId, tenantId), eq(groups.code, 'admin')));
    if (admins) await db.insert(groupMembers).values({ groupId: admins.id, userId: sales.id });
  }
  if (sales.tenantId !== tenantId) return 0;
  const ctx: VerbCtx = {
    db,
    actor: { userId: sales.id, name: sales.name, tenantId, platform: false },
    ip: null,
    jobs: NO_JOBS,
  };
  let created = 0;
  for (const a of APPLICATIONS) {
    const [exists] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.tenantId, tenantId), eq(invoices.clientSerial, a.serial)));
    if (exists) continue;
    const input = createInvoiceBody.parse({
      clientSerial: a.serial,
      type: 'digital_special',
      pricingMode: 'exclusive',
      buyer: a.buyer,
      lines: [{ ...a.line, taxCode: '3040201030000000000', rate: 'rate_6' }],
      ...(a.remarks ? { remarks: a.remarks } : {}),
      submit: true,
    });
    const { invoice } = await withTransaction({ db }, (tx) =>
      createDraft({ ctx: { ...ctx, db: tx }, input, submit: true }),
    );
    if (invoice.status === 'pending_review') created += 1;
  }
  return created;
}

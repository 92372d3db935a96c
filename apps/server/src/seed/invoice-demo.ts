import { createInvoiceBody } from '@fpy/contracts';
import { commodities, customers, type Db, users } from '@fpy/db';
import type { InvoiceType } from '@fpy/domain';
import { asc, eq } from 'drizzle-orm';
import type { JobQueue } from '../jobs/queue.ts';
import { systemCtx, type VerbCtx } from '../http/verb-ctx.ts';
import {
  backdateDemoInvoice,
  createDraft,
  issueAndSettleNow,
  submitForIssue,
} from '../modules/sales/invoicing/index.ts';
import { sandboxGatewayAt } from '../modules/platform/tax-gateway/index.ts';
import { withTransaction } from '../lib/write/index.ts';

const COUNT = 24;
// Within the current and the five previous calendar months, so the 近半年 preset of the statistics shows them all.
const SPAN_DAYS = 149;
const DAY_MS = 86_400_000;
const SHANGHAI_MS = 8 * 3600_000;

/**
 * API tests build an app (and so run the seed) per file and count the demo tenant's invoices; they get none.
 * Vitest sets VITEST in its workers; the real server and the browser-test server do not.
 */
export const wantsDemoInvoices = () => !process.env.VITEST;

/**
 * The seed runs before the job queue exists: the issued event's layout files are rendered on first download
 * instead (invoice-files renders a missing file on demand).
 */
const NO_JOBS: JobQueue = {
  enqueue: async () => 'seed',
  process: () => undefined,
  processBatch: () => undefined,
  get: () => undefined,
  drain: async () => undefined,
  close: async () => undefined,
};

/** Small deterministic generator: the same demo data on every fresh install. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** Office hours of a Shanghai day `daysAgo` days back (UTC instant). */
function officeTime(now: Date, daysAgo: number, rnd: () => number) {
  const shanghaiMidnight = Math.floor((now.getTime() + SHANGHAI_MS) / DAY_MS) * DAY_MS - SHANGHAI_MS;
  const minutes = 9 * 60 + Math.floor(rnd() * 8 * 60);
  return new Date(shanghaiMidnight - daysAgo * DAY_MS + minutes * 60_000);
}

/**
 * ~24 issued invoices of the demo company over the last six months, so the query, statistics and red-letter
 * pages show real data on a fresh install. They take the real path — draft, submit, the sandbox bureau (its
 * clock set to the invoice's date, so numbers, credit months and 查验 agree), settle — oldest first so numbers
 * rise with dates; only the timestamps of the rows and events are then moved back. Idempotent on the
 * clientSerial `demo-<n>`.
 */
export async function seedInvoiceDemo(db: Db, adminUsername: string) {
  // Outside the demo seed's transaction: hundreds of savepoints in one transaction overflow PostgreSQL's
  // subtransaction cache and make every statement crawl (13 s instead of 2 s here).
  const [admin] = await db.select().from(users).where(eq(users.username, adminUsername));
  if (!admin?.tenantId) return 0;
  const tenantId = admin.tenantId;
  const [goods, buyers] = await Promise.all([
    db.select().from(commodities).where(eq(commodities.tenantId, tenantId)).orderBy(asc(commodities.id)),
    db.select().from(customers).where(eq(customers.tenantId, tenantId)).orderBy(asc(customers.id)),
  ]);
  if (!goods.length || !buyers.length) return 0;
  const ctx: VerbCtx = {
    db,
    actor: { userId: admin.id, name: admin.name, tenantId, platform: false },
    ip: null,
    jobs: NO_JOBS,
  };
  const rnd = random(20_260_101);
  const now = new Date();
  let created = 0;
  for (let i = 0; i < COUNT; i++) {
    const daysAgo = Math.round(((COUNT - 1 - i) * SPAN_DAYS) / (COUNT - 1)) + 1;
    const at = officeTime(now, daysAgo, rnd);
    const buyer = buyers[Math.floor(rnd() * buyers.length)];
    const paper = !buyer.naturalPerson && i % 7 === 3;
    const special = !buyer.naturalPerson && buyer.defaultInvoiceType === 'digital_special';
    const type: InvoiceType = special
      ? paper
        ? 'digital_paper_special'
        : 'digital_special'
      : paper
        ? 'digital_paper_ordinary'
        : 'digital_ordinary';
    const lineCount = 1 + Math.floor(rnd() * 3);
    const picked = Array.from({ length: lineCount }, () => goods[Math.floor(rnd() * goods.length)]);
    const lines = [...new Set(picked)].map((g) => ({
      name: g.shortName ? `*${g.shortName}*${g.name}` : g.name,
      taxCode: g.taxCode,
      ...(g.spec ? { spec: g.spec } : {}),
      unit: g.unit ?? undefined,
      quantity: String(1 + Math.floor(rnd() * (Number(g.unitPrice) > 1000 ? 3 : 20))),
      unitPrice: g.unitPrice ?? '100',
      rate: g.rate,
      // A levy or preferential rate goes with its flag, or the rate rule refuses it (issue 28 §7).
      ...(g.policy ? { policy: g.policy } : {}),
    }));
    const input = createInvoiceBody.parse({
      clientSerial: `demo-${String(i + 1).padStart(3, '0')}`,
      type,
      pricingMode: goods.length && picked[0].pricingMode === 'exclusive' ? 'exclusive' : 'inclusive',
      buyer: {
        name: buyer.name,
        ...(buyer.taxNumber ? { taxNumber: buyer.taxNumber } : {}),
        ...(buyer.naturalPerson ? { naturalPerson: true } : {}),
        ...(buyer.address ? { address: buyer.address } : {}),
        ...(buyer.phone ? { phone: buyer.phone } : {}),
        ...(buyer.bank ? { bank: buyer.bank } : {}),
        ...(buyer.account ? { account: buyer.account } : {}),
        ...(buyer.email ? { email: buyer.email } : {}),
      },
      lines,
      submit: false,
    });
    // One transaction per invoice: a commit each instead of one per step (PostgreSQL syncs every commit),
    // and few enough savepoints inside to stay clear of the subtransaction-cache overflow.
    const issued = await withTransaction({ db }, async (tx) => {
      const steps: VerbCtx = { ...ctx, db: tx };
      const { invoice } = await createDraft({ ctx: steps, input });
      if (invoice.status !== 'draft') return false;
      await submitForIssue({ ctx: steps, input: { id: invoice.id } });
      const bureau = systemCtx(
        tx,
        NO_JOBS,
        sandboxGatewayAt(tx, () => at),
      );
      const done = await issueAndSettleNow(bureau, { tenantId, id: invoice.id });
      if (done.status !== 'issued') return false;
      // Seed only: the rows were written now; date them like the bureau's answer.
      await backdateDemoInvoice(tx, invoice.id, at);
      return true;
    });
    if (issued) created++;
  }
  return created;
}

// Invoice PDF rendering speed and size, in process (no server, no database): N faces of a 5-line invoice,
// each with its own number so every render subsets its own glyphs. The font is parsed once per thread
// (first render, reported apart) exactly as the server does. Measured on the main thread (RENDER_WORKERS=0)
// and through the worker pool the server uses (PDF + XML per invoice, cores − 1 threads, or BENCH_RENDER_WORKERS).
// Standalone: node --import tsx scripts/bench/pdf.ts
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { FaceData } from '../../apps/server/src/modules/sales/invoice-files/face.ts';
import { renderInvoicePdf } from '../../apps/server/src/modules/sales/invoice-files/pdf.ts';
import {
  createRenderer,
  defaultRenderWorkers,
} from '../../apps/server/src/modules/sales/invoice-files/render-pool.ts';

const NAMES = [
  '*软件维护服务*接口服务费',
  '*信息技术服务*软件开发服务',
  '*计算机外部设备*显示器',
  '*办公用品*打印纸',
  '*咨询服务*技术咨询费',
];

function fiveLineInvoice(i: number): FaceData {
  const lines = NAMES.map((name, k) => ({
    lineNo: k + 1,
    kind: 'normal',
    name,
    spec: k % 2 ? `型号-${k}` : null,
    unit: '次',
    quantity: String(1 + k),
    unitPrice: `${100 + k * 37}.5`,
    unitPriceExclusive: `${100 + k * 37}.5`,
    policy: null,
    rate: 'rate_13' as const,
    amountFen: (1 + k) * (10_050 + k * 3_700),
    taxFen: Math.round((1 + k) * (10_050 + k * 3_700) * 0.13),
  }));
  const amountFen = lines.reduce((s, l) => s + l.amountFen, 0);
  const taxFen = lines.reduce((s, l) => s + l.taxFen, 0);
  return {
    invoice: {
      id: i,
      tenantId: 1,
      type: i % 2 ? 'digital_ordinary' : 'digital_special',
      colour: 'blue',
      number: `2431200000${String(i).padStart(10, '0')}`,
      issuedAt: new Date(Date.UTC(2026, 0, 1 + (i % 28), 2, 0, i % 60)),
      sellerName: '演示科技有限公司',
      sellerCreditCode: '91310115MA1K4GDM05',
      sellerAddress: null,
      sellerPhone: null,
      sellerBank: null,
      sellerAccount: null,
      buyerName: `上海云帆信息技术有限公司第${i}分公司`,
      buyerTaxNumber: '91310104MA1FR8KX39',
      buyerAddress: null,
      buyerPhone: null,
      buyerBank: null,
      buyerAccount: null,
      remarks: `合同编号 HT-2026-${i}`,
      drawer: '演示管理员',
      payee: null,
      reviewer: null,
      amountFen,
      taxFen,
      totalFen: amountFen + taxFen,
      status: 'issued',
      blueNumber: null,
      checkCode: null,
      specialLabel: null,
    },
    lines,
  };
}

export interface PdfBench {
  n: number;
  coldMs: number;
  perSecond: number;
  avgKB: number;
  maxKB: number;
  /** How long the event loop waited (what an HTTP request would wait) while the faces were rendered. */
  loopP99Ms: number;
  loopMaxMs: number;
}

/** Event-loop delay while `work` runs: what a request arriving meanwhile would wait before being read. */
async function withLoopDelay<T>(
  work: () => Promise<T>,
): Promise<T & { loopP99Ms: number; loopMaxMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const out = await work();
  h.disable();
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  return { ...out, loopP99Ms: ms(h.percentile(99)), loopMaxMs: ms(h.max) };
}

export async function benchPdf(n = 200): Promise<PdfBench> {
  const t0 = performance.now();
  await renderInvoicePdf(fiveLineInvoice(0));
  const coldMs = performance.now() - t0;
  for (let i = 1; i <= 20; i++) await renderInvoicePdf(fiveLineInvoice(i)); // JIT warm-up
  // One render per event-loop turn, as the server does with RENDER_WORKERS=0.
  const run = await withLoopDelay(async () => {
    let total = 0;
    let max = 0;
    const start = performance.now();
    for (let i = 0; i < n; i++) {
      const pdf = await renderInvoicePdf(fiveLineInvoice(100 + i));
      total += pdf.length;
      max = Math.max(max, pdf.length);
      await new Promise((r) => setImmediate(r));
    }
    return { total, max, seconds: (performance.now() - start) / 1000 };
  });
  const kb = (b: number) => Math.round((b / 1024) * 10) / 10;
  return {
    n,
    coldMs: Math.round(coldMs),
    perSecond: Math.round(n / run.seconds),
    avgKB: kb(run.total / n),
    maxKB: kb(run.max),
    loopP99Ms: run.loopP99Ms,
    loopMaxMs: run.loopMaxMs,
  };
}

export interface PoolBench {
  n: number;
  workers: number;
  /** Starting the threads and parsing the font in each. */
  warmMs: number;
  perSecond: number;
  avgKB: number;
  loopP99Ms: number;
  loopMaxMs: number;
}

/** The server's path: all N invoices submitted at once, PDF and XML each, rendered by the worker pool. */
export async function benchPool(
  n = 400,
  workers = Number(process.env.BENCH_RENDER_WORKERS) || defaultRenderWorkers(),
): Promise<PoolBench> {
  const pool = createRenderer(workers);
  try {
    const t0 = performance.now();
    // One render per thread at a time: the first `workers` renders each start (and warm) their own thread.
    await Promise.all(
      Array.from({ length: workers }, (_, i) =>
        pool.render({ data: fiveLineInvoice(i), seal: null, formats: ['pdf', 'xml'] }),
      ),
    );
    const warmMs = performance.now() - t0;
    await Promise.all(
      Array.from({ length: 20 * workers }, (_, i) =>
        pool.render({ data: fiveLineInvoice(1_000 + i), seal: null, formats: ['pdf', 'xml'] }),
      ),
    );
    const run = await withLoopDelay(async () => {
      const start = performance.now();
      const out = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          pool.render({ data: fiveLineInvoice(10_000 + i), seal: null, formats: ['pdf', 'xml'] }),
        ),
      );
      return { out, seconds: (performance.now() - start) / 1000 };
    });
    const total = run.out.reduce((s, o) => s + (o.pdf?.length ?? 0), 0);
    return {
      n,
      workers,
      warmMs: Math.round(warmMs),
      perSecond: Math.round(n / run.seconds),
      avgKB: Math.round((total / n / 1024) * 10) / 10,
      loopP99Ms: run.loopP99Ms,
      loopMaxMs: run.loopMaxMs,
    };
  } finally {
    await pool.close();
  }
}

/** The figures as run.ts prints them. */
export async function printPdfBench(line: (name: string, value: string, target?: string) => void) {
  const r = await benchPdf();
  line(
    `Invoice PDF render (5 lines, ×${r.n}, main thread)`,
    `${r.perSecond} PDFs/s, avg ${r.avgKB} KB, max ${r.maxKB} KB`,
    'target ≥ 50 PDFs/s, < 150 KB',
  );
  line('  event-loop delay meanwhile (p99 / max)', `${r.loopP99Ms} / ${r.loopMaxMs} ms`);
  line('  first PDF (font read + parsed once)', `${r.coldMs} ms`);
  const p = await benchPool();
  line(
    `  worker pool (${p.workers} thread${p.workers > 1 ? 's' : ''}, PDF + XML, ×${p.n})`,
    `${p.perSecond} PDFs/s, avg ${p.avgKB} KB`,
  );
  line('  event-loop delay meanwhile (p99 / max)', `${p.loopP99Ms} / ${p.loopMaxMs} ms`);
  line('  pool start (threads + font)', `${p.warmMs} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await printPdfBench((name, value, target = '') =>
    console.log(`${name.padEnd(44)} ${value.padEnd(34)} ${target}`),
  );
}

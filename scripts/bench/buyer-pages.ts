// Issue 30 §4: every buyer page's JavaScript (gzip) and time to content, opened cold as a buyer's phone opens a
// scanned code: a new browser context per page (no cache), a 390 px viewport, the page's real code in its address
// (an open order, an issued order's result, a code board and one of its requests, the issued invoice's delivery
// link for the card-bag pages; the pre-issue pages as an unbound phone meets them). "Content" is the moment the
// page shows something other than its loading panel: the kit's main area holds text, and no busy panel that has
// only its spinner and title.
import { gzipSync } from 'node:zlib';
import { APPLY_CODE_PARAM } from '@fpy/contracts/apply-pages';
import { APPLY_PAGES_AGENT } from '../../packages/contracts/src/self-service/apply-pages-agent.ts';
import { APPLY_PAGES_BOARD } from '../../packages/contracts/src/self-service/apply-pages-board.ts';
import { APPLY_PAGES_ORDER } from '../../packages/contracts/src/self-service/apply-pages-order.ts';
import { APPLY_PAGES_TITLE } from '../../packages/contracts/src/self-service/apply-pages-title.ts';
import { APPLY_PAGES_WALLET } from '../../packages/contracts/src/self-service/apply-pages-wallet.ts';
import { BOARD_PAGES, BOARD_REQUEST_PARAM } from '@fpy/contracts/board-api';
import { PREOPEN_PAGE_PATHS } from '@fpy/contracts/preopen-pages';
import { chromium } from 'playwright-core';
import type { BenchServer } from './server-process.ts';

/** The little of the DOM the content check reads. */
interface QueryRoot {
  querySelector(
    selector: string,
  ): (QueryRoot & { textContent: string | null; childElementCount: number }) | null;
}

export interface BuyerPageFigure {
  path: string;
  jsGzipKB: number;
  contentMs: number;
}

async function call(server: BenchServer, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

const TITLE = { kind: 'company', name: '页面压测买方有限公司', taxNumber: '91110108MA01C8QX20' };

/** Real codes for the pages, made the way a seller and a buyer make them. `issuedCode`: an order already invoiced. */
async function pageAddresses(server: BenchServer, issuedCode: string) {
  const token = await server.login('demo', 'Demo@123');
  const open = await call(server, token, 'POST', '/api/self-service/orders', {
    origin: 'pos',
    lines: [{ name: '餐饮服务', amountFen: 12_800, rate: 'rate_6' }],
  });
  const issued = await call(server, null, 'GET', `/api/public/self-service/orders/${issuedCode}`);
  const linkCode: string = issued.request?.resultCode ?? '';
  const boards = await call(server, token, 'GET', '/api/self-service/v1/code-boards?pageSize=50');
  const board = (boards.rows as { code: string; enabled: boolean }[]).find((b) => b.enabled);
  let boardRequest = '';
  if (board) {
    const view = await call(server, null, 'GET', `/api/public/self-service/boards/${board.code}`);
    const category = view.categories?.[0]?.id;
    if (category) {
      const asked = await call(
        server,
        null,
        'POST',
        `/api/public/self-service/boards/${board.code}/requests`,
        {
          amountFen: 100,
          categoryId: category,
          title: TITLE,
        },
      );
      boardRequest = asked.token;
    }
  }
  // The 代理商入口 of the seeded agent code (the platform administrator's list).
  const admin = await server.login('admin', 'Admin@123');
  const agents = await call(server, admin, 'GET', '/api/admin/self-service/agent-codes?pageSize=50');
  const agent = (agents.rows as { code: string; enabled: boolean }[]).find((a) => a.enabled);
  const at = (path: string, code: string, extra = '') => `${path}?${APPLY_CODE_PARAM}=${code}${extra}`;
  const results = new Set(['/invoiceResult', '/invoiceResultBlank', '/allEleScanSuccess']);
  const statuses = new Set<string>([BOARD_PAGES.status, BOARD_PAGES.allEleStatus, BOARD_PAGES.statusFollow]);
  const pages: string[] = [
    ...APPLY_PAGES_ORDER.map((p) => at(p, results.has(p) ? issuedCode : open.code)),
    ...APPLY_PAGES_TITLE.map((p) => at(p, open.code)),
    ...APPLY_PAGES_WALLET.map((p) => at(p, linkCode)),
    ...APPLY_PAGES_BOARD.map((p) =>
      at(p, board?.code ?? '', statuses.has(p) ? `&${BOARD_REQUEST_PARAM}=${boardRequest}` : ''),
    ),
    ...APPLY_PAGES_AGENT.map((p) => at(p, agent?.code ?? '')),
    ...PREOPEN_PAGE_PATHS,
  ];
  return pages;
}

export async function benchBuyerPages(server: BenchServer, issuedCode: string): Promise<BuyerPageFigure[]> {
  const addresses = await pageAddresses(server, issuedCode);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const figures: BuyerPageFigure[] = [];
  try {
    for (const address of addresses) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() !== 'script') return;
        scripts.push(
          res.body().then(
            (b) => gzipSync(b, { level: 9 }).length,
            () => 0,
          ),
        );
      });
      await page.goto(`${server.url}${address}`, { waitUntil: 'commit' });
      const contentMs = await page
        .waitForFunction(
          // A function (the pages' CSP refuses eval); the DOM reached through globalThis, as this file is checked
          // without the DOM's types.
          () => {
            const main = (globalThis as unknown as { document: QueryRoot }).document.querySelector('.b-main');
            if (!main || !(main.textContent ?? '').trim()) return false;
            // A busy panel with only its spinner and title is loading; one that says more (a request waiting
            // for the seller's review) is the page's content.
            const busy = main.querySelector('.b-busy');
            return busy && busy.childElementCount <= 2 ? false : performance.now();
          },
          undefined,
          { timeout: 15_000, polling: 'raf' },
        )
        .then((h) => h.jsonValue() as Promise<number>)
        .catch((err: Error) => {
          if (process.env.BENCH_DEBUG) console.error(address, err.message);
          return -1;
        });
      await page.waitForLoadState('networkidle').catch(() => {});
      const js = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
      figures.push({
        path: address.split('?')[0],
        jsGzipKB: Math.round((js / 1024) * 10) / 10,
        contentMs: Math.round(contentMs),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}

export function printBuyerPages(
  figures: BuyerPageFigure[],
  line: (name: string, value: string, target?: string) => void,
) {
  const worst = [...figures].sort((a, b) => b.contentMs - a.contentMs)[0];
  const heaviest = [...figures].sort((a, b) => b.jsGzipKB - a.jsGzipKB)[0];
  const failed = figures.filter((f) => f.contentMs < 0);
  line(
    `Buyer pages (${figures.length}), cold at 390 px`,
    `max JS ${heaviest?.jsGzipKB} KB gzip (${heaviest?.path})`,
    'target ≤ 150 KB each',
  );
  line(
    '  time to content, slowest',
    `${worst?.contentMs} ms (${worst?.path})`,
    `target ≤ 1000 ms${failed.length ? `; NO CONTENT: ${failed.map((f) => f.path).join(' ')}` : ''}`,
  );
  for (const f of figures) line(`    ${f.path}`, `JS ${f.jsGzipKB} KB, content ${f.contentMs} ms`);
}

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { fileStoreFor, LocalFileStore } from '../../src/lib/file-store.ts';
import type { FaceData } from '../../src/modules/sales/invoice-files/face-data.ts';
import { LINES_PER_PAGE, renderInvoicePdf } from '../../src/modules/sales/invoice-files/pdf.ts';
import {
  createRenderer,
  defaultRenderWorkers,
  inlineRenderer,
  RenderPoolClosedError,
} from '../../src/modules/sales/invoice-files/render-pool.ts';
import type { RenderInput } from '../../src/modules/sales/invoice-files/render-step.ts';
import { derivedCheck, qrContent } from '../../src/modules/sales/invoice-files/qr.ts';
import { buildInvoiceXml, escapeXml } from '../../src/modules/sales/invoice-files/xml.ts';
import {
  inspectPdf,
  parseXml,
  pdfText,
  sampleFace,
  sealPng,
  xmlAll,
  xmlText,
} from './invoice-files-helpers.ts';

const ISSUED = new Date('2024-05-14T02:20:30Z'); // 10:20:30 in Shanghai

const face = (over: Partial<FaceData['invoice']> = {}, lineCount = 1, sign = 1) =>
  sampleFace({ issuedAt: ISSUED, ...over }, lineCount, sign);

describe('QR content (notes §8.2)', () => {
  it('is 01,31,,<number>,<价税合计>,<yyyyMMdd>,,<check> for a 数电专票', () => {
    const q = qrContent({
      type: 'digital_special',
      number: '24312000000136634917',
      totalFen: 22_600,
      issueDate: '20240514',
    });
    expect(q).toBe(
      `01,31,,24312000000136634917,226.00,20240514,,${derivedCheck('24312000000136634917', '226.00', '20240514')}`,
    );
    expect(q.split(',')).toHaveLength(8);
    expect(q.split(',')[7]).toMatch(/^[0-9A-F]{4}$/);
  });

  it('uses 32 for a 数电普票 and the gateway check code when there is one', () => {
    expect(
      qrContent({
        type: 'digital_ordinary',
        number: '24312000000136634917',
        totalFen: 1,
        issueDate: '20240514',
        checkCode: '1DD6',
      }),
    ).toBe('01,32,,24312000000136634917,0.01,20240514,,1DD6');
  });

  it('derives the same check for the same invoice and another one for another amount', () => {
    const a = derivedCheck('24312000000136634917', '226.00', '20240514');
    expect(derivedCheck('24312000000136634917', '226.00', '20240514')).toBe(a);
    expect(derivedCheck('24312000000136634917', '226.01', '20240514')).not.toBe(a);
  });
});

describe('XML master (notes §9.4)', () => {
  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml(`a<b>&"c'\u0001d`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;d');
  });

  it('parses back with the header, parties, totals in figures and 大写, and one item per line', () => {
    const x = parseXml(buildInvoiceXml(face({}, 2)));
    expect(x.name).toBe('EInvoice');
    expect(xmlText(x, 'Header/EIid')).toBe('24312000000136634917');
    expect(xmlText(x, 'Header/EInvoiceTag')).toBe('SWEI3100');
    expect(xmlText(x, 'Header/InherentLabel/GeneralOrSpecialVAT/LabelCode')).toBe('01');
    expect(xmlText(x, 'EInvoiceData/BuyerInformation/BuyerName')).toBe('上海云帆 <信息> & "技术" 有限公司');
    expect(xmlText(x, 'EInvoiceData/SellerInformation/SellerIdNum')).toBe('91310115MA1K4GDM05');
    expect(xmlText(x, 'EInvoiceData/BasicInformation/TotalAmWithoutTax')).toBe('400.00');
    expect(xmlText(x, 'EInvoiceData/BasicInformation/TotalTaxAm')).toBe('52.00');
    expect(xmlText(x, 'EInvoiceData/BasicInformation/TotalTax-includedAmount')).toBe('452.00');
    expect(xmlText(x, 'EInvoiceData/BasicInformation/TotalTax-includedAmountInChinese')).toBe(
      '肆佰伍拾贰圆整',
    );
    expect(xmlText(x, 'EInvoiceData/BasicInformation/RequestTime')).toBe('2024-05-14 10:20:30');
    expect(xmlText(x, 'EInvoiceData/BasicInformation/Drawer')).toBe('演示管理员');
    const items = xmlAll(x, 'EInvoiceData/IssuItemInformation');
    expect(items).toHaveLength(2);
    expect(xmlText(items[1], 'ItemName')).toBe('*软件维护服务*接口服务费2');
    expect(xmlText(items[0], 'TaxRate')).toBe('0.13');
    expect(xmlText(items[0], 'Amount')).toBe('200.00');
    expect(xmlText(items[0], 'ComTaxAm')).toBe('26.00');
    expect(xmlText(items[0], 'Quantity')).toBe('2');
    expect(xmlText(x, 'EInvoiceData/AdditionalInformation/Remark')).toBe('合同号 A&B<1>');
    expect(xmlText(x, 'TaxSupervisionInfo/InvoiceNumber')).toBe('24312000000136634917');
    expect(xmlText(x, 'TaxSupervisionInfo/IssueTime')).toBe('2024-05-14 10:20:30');
  });

  it('prints a red invoice negative with its blue number', () => {
    const x = parseXml(buildInvoiceXml(face({ colour: 'red', blueNumber: '24312000000136634900' }, 1, -1)));
    expect(xmlText(x, 'EInvoiceData/BasicInformation/TotalTax-includedAmount')).toBe('-226.00');
    expect(xmlText(x, 'EInvoiceData/BasicInformation/TotalTax-includedAmountInChinese')).toBe(
      '（负数）贰佰贰拾陆圆整',
    );
    expect(xmlText(x, 'EInvoiceData/IssuItemInformation/Quantity')).toBe('-2');
    expect(xmlText(x, 'EInvoiceData/AdditionalInformation/BlueInvoiceNumber')).toBe('24312000000136634900');
    expect(xmlText(x, 'EInvoiceData/AdditionalInformation/Remark')).toContain('24312000000136634900');
  });

  it("names a levy's 特殊管理 item, but not the 1% reduction, which is no such item (issue 28 §7)", () => {
    const data = face({}, 2);
    data.lines[0] = { ...data.lines[0], rate: 'rate_3', policy: 'simplified_3', taxFen: 600 };
    data.lines[1] = { ...data.lines[1], rate: 'rate_1', policy: 'reduced_levy_1', taxFen: 200 };
    const items = xmlAll(parseXml(buildInvoiceXml(data)), 'EInvoiceData/IssuItemInformation');
    expect(xmlText(items[0], 'TaxPreferentialPolicy')).toBe('按3%简易征收');
    expect(xmlText(items[1], 'TaxRate')).toBe('0.01');
    expect(xmlText(items[1], 'TaxPreferentialPolicy') ?? '').toBe('');
  });
});

describe('PDF face', () => {
  it('embeds a subset TrueType Chinese font and stays small', async () => {
    const pdf = await renderInvoicePdf(face({}, 5));
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(150 * 1024);
    const info = await inspectPdf(pdf);
    expect(info.pages).toBe(1);
    expect(info.fonts).toEqual([expect.objectContaining({ subset: true, fontFile2: true })]);
    // Every glyph but the space draws an outline (the odd-length glyph bug left most of them blank).
    const [font] = info.fonts;
    expect(font.glyphs).toBeGreaterThan(60);
    expect(font.drawable).toBeGreaterThanOrEqual(font.glyphs - 2);
    const text = pdfText(pdf);
    if (text !== null) {
      expect(text).toContain('24312000000136634917');
      expect(text).toContain('电子发票（增值税专用发票）');
      expect(text).toContain('壹仟壹佰叁拾圆整');
      expect(text).toContain('¥1130.00');
      expect(text).toContain('上海云帆 <信息> & "技术" 有限公司');
    }
  });

  it('renders the same bytes twice (deterministic) and titles 普票 by type', async () => {
    const a = await renderInvoicePdf(face({ type: 'digital_ordinary' }));
    const b = await renderInvoicePdf(face({ type: 'digital_ordinary' }));
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    expect((await inspectPdf(a)).title).toContain('电子发票（普通发票）');
  });

  it('continues many lines on further pages without losing one', async () => {
    const n = LINES_PER_PAGE * 2 + 3;
    const pdf = await renderInvoicePdf(face({}, n));
    expect((await inspectPdf(pdf)).pages).toBe(3);
    const text = pdfText(pdf);
    if (text !== null) {
      for (let i = 1; i <= n; i++) expect(text).toContain(`接口服务费${i}\n`);
      expect(text).toMatch(/第\s*3\s*页\s*\/\s*共\s*3\s*页/);
    }
  });

  it('prints a red invoice negative with 销项负数 and its blue number, and draws the seal', async () => {
    const pdf = await renderInvoicePdf(face({ colour: 'red', blueNumber: '24312000000136634900' }, 1, -1), {
      bytes: sealPng(),
      mime: 'image/png',
    });
    // The PNG's alpha channel comes as a second image (its soft mask).
    expect((await inspectPdf(pdf)).images).toBeGreaterThanOrEqual(1);
    const text = pdfText(pdf);
    if (text !== null) {
      expect(text).toContain('销项负数');
      expect(text).toContain('对应正数发票号码：24312000000136634900');
      expect(text).toContain('¥-226.00');
      expect(text).toContain('-200.00');
    }
  });
});

describe('render pool (worker threads)', () => {
  it('renders in worker threads the same PDF and XML bytes as inline, several at once, with the seal', async () => {
    const inputs: RenderInput[] = [
      { data: face(), seal: null, formats: ['pdf', 'xml'] },
      {
        data: face({ type: 'digital_ordinary', number: '24312000000136634918' }, 3),
        seal: null,
        formats: ['pdf'],
      },
      {
        data: face({ colour: 'red', blueNumber: '24312000000136634900' }, 1, -1),
        seal: { bytes: sealPng(), mime: 'image/png' },
        formats: ['pdf', 'xml'],
      },
      { data: face({}, LINES_PER_PAGE + 2), seal: null, formats: ['xml'] },
    ];
    // Normal priority: this test is about the bytes, and low-priority threads wait while the suite keeps the
    // cores busy (the priority has its own test below).
    const pool = createRenderer(2, 'normal');
    try {
      expect(pool.size).toBe(2);
      const pooled = await Promise.all(inputs.map((i) => pool.render(i)));
      for (const [k, input] of inputs.entries()) {
        const inline = await inlineRenderer.render(input);
        expect(pooled[k].xml).toBe(inline.xml);
        expect(pooled[k].pdf === undefined).toBe(inline.pdf === undefined);
        if (inline.pdf) expect(Buffer.compare(Buffer.from(pooled[k].pdf!), Buffer.from(inline.pdf))).toBe(0);
      }
      // A render that throws in the thread rejects with its message; the pool keeps serving.
      const broken = {
        data: { invoice: null, lines: [] },
        seal: null,
        formats: ['pdf'],
      } as unknown as RenderInput;
      await expect(pool.render(broken)).rejects.toThrow();
      expect((await pool.render(inputs[0])).xml).toBe(pooled[0].xml);
      // A thread that dies mid-render fails that render; the next one gets a fresh thread.
      const slots = (pool as unknown as { slots: Set<{ worker: { terminate(): Promise<number> } }> }).slots;
      // The expectation is attached before the kill, so the rejection is never momentarily unhandled. The render
      // is a long one (hundreds of lines, many pages): a one-page render could finish before the kill landed,
      // and under a loaded suite it once did.
      const long: RenderInput = { data: face({}, LINES_PER_PAGE * 40), seal: null, formats: ['pdf', 'xml'] };
      const dying = expect(pool.render(long)).rejects.toThrow(/exited/);
      await Promise.all([...slots].map((s) => s.worker.terminate()));
      await dying;
      expect((await pool.render(inputs[0])).xml).toBe(pooled[0].xml);
    } finally {
      await pool.close();
    }
    await expect(pool.render(inputs[0])).rejects.toBeInstanceOf(RenderPoolClosedError);
  });

  it.runIf(process.platform === 'linux')(
    'background threads run at nice 19 by default and at normal priority when asked; the urgent thread never lowers',
    async () => {
      const before = lowThreads();
      const low = createRenderer(1);
      const normal = createRenderer(1, 'normal');
      try {
        // warm() starts the background thread and the urgent one. The background thread lowers its priority
        // first thing, before it loads anything, so this does not wait for a starved thread's render.
        low.warm();
        await expect.poll(lowThreads, { timeout: 20_000 }).toBe(before + 1);
        // A render on the normal pool and on the urgent thread finished: neither lowered its priority.
        await normal.render({ data: face(), seal: null, formats: ['xml'] });
        await low.render({ data: face(), seal: null, formats: ['xml'] }, { urgent: true });
        expect(lowThreads()).toBe(before + 1);
      } finally {
        await Promise.all([low.close(), normal.close()]);
      }
      expect(lowThreads()).toBe(before);
    },
  );

  it('sizes itself from the cores (at least one) and renders inline for 0; RENDER_WORKERS is validated', () => {
    expect(defaultRenderWorkers()).toBeGreaterThanOrEqual(1);
    expect(createRenderer(0)).toBe(inlineRenderer);
    // Unset, a server renders on threads (none start until the first render).
    expect(createRenderer().size).toBe(defaultRenderWorkers());
    expect(loadConfig({ RENDER_WORKERS: '0' }).RENDER_WORKERS).toBe(0);
    expect(loadConfig({}).RENDER_WORKERS).toBeUndefined();
    expect(() => loadConfig({ RENDER_WORKERS: '-1' })).toThrow(/RENDER_WORKERS/);
    expect(loadConfig({}).RENDER_PRIORITY).toBe('low');
    expect(loadConfig({ RENDER_PRIORITY: 'normal' }).RENDER_PRIORITY).toBe('normal');
    expect(() => loadConfig({ RENDER_PRIORITY: 'high' })).toThrow(/RENDER_PRIORITY/);
  });
});

/** How many threads of this process run at nice 19 (field 19 of /proc/self/task/<tid>/stat). */
function lowThreads(): number {
  let n = 0;
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start at field 3 (state).
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === 19) n++;
    } catch {
      // the thread ended while we looked
    }
  }
  return n;
}

describe('file store', () => {
  it('local: put, get, overwrite, delete; missing → null; keys cannot escape the folder', async () => {
    const store = new LocalFileStore(mkdtempSync(join(tmpdir(), 'fpy-fs-test-')));
    expect(await store.get('invoices/1/1.pdf')).toBeNull();
    await store.put('invoices/1/1.pdf', Buffer.from('one'), 'application/pdf');
    await store.put('invoices/1/1.pdf', Buffer.from('two'), 'application/pdf');
    expect((await store.get('invoices/1/1.pdf'))?.toString()).toBe('two');
    await store.delete('invoices/1/1.pdf');
    await store.delete('invoices/1/1.pdf');
    expect(await store.get('invoices/1/1.pdf')).toBeNull();
    await expect(store.put('../x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid/);
    await expect(store.get('/etc/passwd')).rejects.toThrow(/invalid/);
  });

  it('chooses S3 only when the four variables are set, and refuses half a configuration', () => {
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'fapiao',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
    };
    expect(fileStoreFor(loadConfig({ DATA_DIR: 'memory://' })).kind).toBe('local');
    const c = loadConfig(s3);
    expect(c.S3_REGION).toBe('us-east-1');
    expect(fileStoreFor(c).kind).toBe('s3');
    const { S3_BUCKET: _b, ...half } = s3;
    expect(() => loadConfig(half)).toThrowError(ConfigError);
    expect(() => loadConfig(half)).toThrowError(
      /^Invalid environment variable S3_BUCKET: .*missing: S3_BUCKET/,
    );
  });
});

import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { storedFiles, tenants, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, PNG_BYTES, upload } from '../platform/base-helpers.ts';
import { createTestApp, type TestApp, useTestApp } from '../harness.ts';

/**
 * Issue 12 §1: an upload cannot carry script. Every hostile file below is sent to every upload route; each is
 * either refused with a 400 or stored as a PNG/JPEG the product wrote itself, with none of the payload's text,
 * and served only as that image type with nosniff and a sandboxing CSP.
 */
const app = useTestApp();
type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

// ---------------------------------------------------------------------------------------------------------
// Payloads
// ---------------------------------------------------------------------------------------------------------

const SVG_NS = 'http://www.w3.org/2000/svg';
const JS = "top.name='PWNED';document.title='PWNED';fetch('/api/admin/user/front/info?PWNED')";

/**
 * refused: 400 on every route. image: a real PNG/JPEG carrying something extra, stored re-encoded on every
 * route. svg: a renderable SVG, stored as a PNG on the image routes and refused by the seal (PNG/JPEG only).
 */
type Outcome = 'refused' | 'image' | 'svg';
interface Payload {
  name: string;
  file: { name: string; data: Buffer; type: string };
  outcome: Outcome;
  /** For refusals: the error code expected. */
  code?: string;
}

/** Text that must not appear in anything stored (compared case-insensitively on the bytes as latin1). */
const MARKERS = [
  'pwned',
  'script',
  'javascript',
  'avascript',
  '&#106;',
  '<html',
  '<svg',
  '<body',
  'onload',
  'onerror',
  'onbegin',
  'foreignobject',
  'iframe',
  'href',
  'passwd',
  'root:',
  'entity',
  'doctype',
  'fetch(',
  'meta-inf',
  'manifest',
  'pk\u0003\u0004',
  'xi:include',
  '@import',
];

const svgFile = (text: string, name = 'logo.svg', type = 'image/svg+xml') => ({
  name,
  data: Buffer.from(text),
  type,
});

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid PNG of `width` × `height` 1-bit black pixels: a few KB that decode to `width × height` pixels. */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const row = 1 + Math.ceil(width / 8);
  return Buffer.concat([
    PNG_BYTES.subarray(0, 8),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(row * height), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The same JPEG with a header claiming 60000 × 60000 pixels (libjpeg's own cap is 65500). */
function jpegBomb(jpeg: Buffer): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9; i++) {
    if (out[i] === 0xff && (out[i + 1] === 0xc0 || out[i + 1] === 0xc2)) {
      out.writeUInt16BE(60_000, i + 5);
      out.writeUInt16BE(60_000, i + 7);
      return out;
    }
  }
  throw new Error('no SOF marker');
}

async function buildPayloads(): Promise<Payload[]> {
  const png = await sharp({
    create: { width: 24, height: 24, channels: 4, background: { r: 11, g: 122, b: 117, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#c81e1e' } })
    .jpeg()
    .toBuffer();
  const jpegExif = await sharp(jpeg)
    .withExif({ IFD0: { ImageDescription: `<script>${JS}</script>`, Artist: '<html><body onload=x>' } })
    .jpeg()
    .toBuffer();
  const comment = Buffer.from(`<html><body><script>${JS}</script></body></html>`);
  const com = Buffer.alloc(4);
  com.writeUInt16BE(0xfffe, 0);
  com.writeUInt16BE(comment.length + 2, 2);
  const iend = png.length - 12;
  const xlsx = await (async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('s').addRow(['<script>PWNED</script>']);
    return Buffer.from(await wb.xlsx.writeBuffer());
  })();
  const zip = Buffer.from(
    zipSync({
      'META-INF/MANIFEST.MF': strToU8('Manifest-Version: 1.0\nMain-Class: PWNED\n'),
      'index.html': strToU8(`<script>${JS}</script>`),
    }),
  );

  // Entities b..h each repeat the one before ten times: 10^8 characters from a few hundred bytes.
  const laughs = [...'bcdefgh'].map((c, i) => `<!ENTITY ${c} "${`&${'abcdefgh'[i]};`.repeat(10)}">`).join('');

  return [
    {
      name: 'SVG with <s:script>, xmlns:s bound to the SVG namespace (the issue)',
      outcome: 'svg',
      file: svgFile(
        `<svg xmlns="${SVG_NS}" xmlns:s="${SVG_NS}" width="16" height="16"><s:script>${JS}</s:script><s:rect width="16" height="16" fill="#0b7a75"/></svg>`,
      ),
    },
    {
      name: 'SVG with <s:foreignObject> holding XHTML script and an iframe (the issue)',
      outcome: 'svg',
      file: svgFile(
        `<svg xmlns="${SVG_NS}" xmlns:s="${SVG_NS}" width="16" height="16"><s:foreignObject width="16" height="16"><h:div xmlns:h="http://www.w3.org/1999/xhtml"><h:script>${JS}</h:script><h:iframe src="javascript:${JS}"/></h:div></s:foreignObject><rect width="8" height="8"/></svg>`,
      ),
    },
    {
      name: 'SVG with an &#106;avascript: href and xlink:href (the issue)',
      outcome: 'svg',
      file: svgFile(
        `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" width="16" height="16"><a href="&#106;avascript:${JS}"><rect width="16" height="16"/></a><a xlink:href="&#x6A;avascript:${JS}"><circle r="4"/></a></svg>`,
      ),
    },
    {
      name: 'SVG with onload=, onerror= and onbegin= handlers',
      outcome: 'svg',
      file: svgFile(
        `<svg xmlns="${SVG_NS}" width="16" height="16" onload="${JS}"><image href="x" width="1" height="1" onerror="${JS}"/><rect width="8" height="8"><animate attributeName="x" dur="1s" onbegin="${JS}"/><set attributeName="href" to="javascript:${JS}"/></rect></svg>`,
      ),
    },
    {
      name: 'SVG with a plain <script> in CDATA and an @import stylesheet',
      outcome: 'svg',
      file: svgFile(
        `<?xml version="1.0"?><svg xmlns="${SVG_NS}" width="16" height="16"><style>@import url("javascript:${JS}");</style><script type="text/javascript"><![CDATA[${JS}]]></script><rect width="4" height="4"/></svg>`,
      ),
    },
    {
      name: 'HTML/SVG polyglot: <!DOCTYPE html> before an SVG root with script',
      outcome: 'svg',
      file: svgFile(
        `<!DOCTYPE html><svg xmlns="${SVG_NS}" width="16" height="16"><script>${JS}</script><rect width="16" height="16"/></svg>`,
        'logo.svg',
        'text/html',
      ),
    },
    {
      name: 'SVG with a huge declared canvas (rendered down, not refused)',
      outcome: 'svg',
      file: svgFile(
        `<svg xmlns="${SVG_NS}" width="100000" height="100000" viewBox="0 0 10 10"><script>${JS}</script><rect width="10" height="10"/></svg>`,
      ),
    },
    {
      name: 'SVG with <image href="file:///etc/passwd"> and an xlink:href to it',
      outcome: 'svg',
      file: svgFile(
        `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" width="16" height="16"><image href="file:///etc/passwd" width="16" height="16"/><image xlink:href="file:///etc/passwd" width="16" height="16"/></svg>`,
      ),
    },
    {
      name: 'HTML document with an SVG root inside',
      outcome: 'refused',
      code: 'FILE_TYPE_NOT_ALLOWED',
      file: svgFile(
        `<html><body><svg xmlns="${SVG_NS}" width="16" height="16"><script>${JS}</script></svg></body></html>`,
      ),
    },
    {
      name: 'SVG whose root is prefixed (<s:svg>)',
      outcome: 'refused',
      code: 'FILE_TYPE_NOT_ALLOWED',
      file: svgFile(`<s:svg xmlns:s="${SVG_NS}" width="16" height="16"><s:script>${JS}</s:script></s:svg>`),
    },
    {
      name: 'SVG with an XXE entity (SYSTEM file:///etc/passwd)',
      outcome: 'refused',
      code: 'FILE_TYPE_NOT_ALLOWED',
      file: svgFile(
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg xmlns="${SVG_NS}" width="64" height="16"><text y="12">&xxe;</text></svg>`,
      ),
    },
    {
      name: 'SVG billion laughs (entity amplification)',
      outcome: 'refused',
      code: 'FILE_TYPE_NOT_ALLOWED',
      file: svgFile(
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "PWNEDPWNED">${laughs}]><svg xmlns="${SVG_NS}" width="16" height="16"><text>&h;</text></svg>`,
      ),
    },
    {
      name: 'SVG with script but no size (nothing to render)',
      outcome: 'refused',
      code: 'FILE_TYPE_NOT_ALLOWED',
      file: svgFile(`<svg xmlns="${SVG_NS}"><script>${JS}</script></svg>`),
    },
    {
      name: 'PNG with <script> appended after IEND',
      outcome: 'image',
      file: {
        name: 'logo.png',
        data: Buffer.concat([png, Buffer.from(`<script>${JS}</script>`)]),
        type: 'image/png',
      },
    },
    {
      name: 'PNG with an HTML tEXt chunk',
      outcome: 'image',
      file: {
        name: 'logo.png',
        data: Buffer.concat([
          png.subarray(0, iend),
          pngChunk('tEXt', Buffer.from(`Comment\0<html><script>${JS}</script>`, 'latin1')),
          png.subarray(iend),
        ]),
        type: 'image/png',
      },
    },
    {
      name: 'JPEG with HTML appended',
      outcome: 'image',
      file: {
        name: 'logo.jpg',
        data: Buffer.concat([jpeg, Buffer.from(`<html><body><script>${JS}</script></body></html>`)]),
        type: 'image/jpeg',
      },
    },
    {
      name: 'JPEG with an HTML comment segment and script in EXIF',
      outcome: 'image',
      file: {
        name: 'logo.jpg',
        data: Buffer.concat([jpegExif.subarray(0, 2), com, comment, jpegExif.subarray(2)]),
        type: 'image/jpeg',
      },
    },
    {
      name: 'GIFAR-style JPEG with a ZIP/JAR appended',
      outcome: 'image',
      file: { name: 'logo.jpg', data: Buffer.concat([jpeg, zip]), type: 'image/jpeg' },
    },
    {
      name: 'HTML file named logo.png, sent as image/png',
      outcome: 'refused',
      code: 'FILE_TYPE_NOT_ALLOWED',
      file: {
        name: 'logo.png',
        data: Buffer.from(`<html><body><script>${JS}</script></body></html>`),
        type: 'image/png',
      },
    },
    {
      name: 'PNG signature followed by HTML',
      outcome: 'refused',
      code: 'FILE_TYPE_NOT_ALLOWED',
      file: {
        name: 'logo.png',
        data: Buffer.concat([png.subarray(0, 8), Buffer.from(`<script>${JS}</script>`)]),
        type: 'image/png',
      },
    },
    {
      name: 'Excel workbook named logo.png',
      outcome: 'refused',
      code: 'FILE_TYPE_NOT_ALLOWED',
      file: { name: 'logo.png', data: xlsx, type: 'image/png' },
    },
    {
      name: 'GIF',
      outcome: 'refused',
      code: 'FILE_TYPE_NOT_ALLOWED',
      file: {
        name: 'logo.gif',
        data: await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
        type: 'image/gif',
      },
    },
    {
      name: 'zero-byte file',
      outcome: 'refused',
      code: 'FILE_REQUIRED',
      file: { name: 'logo.png', data: Buffer.alloc(0), type: 'image/png' },
    },
    {
      name: '3 MB file',
      outcome: 'refused',
      code: 'FILE_TOO_LARGE',
      file: {
        name: 'logo.png',
        data: Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024 - png.length, 7)]),
        type: 'image/png',
      },
    },
    {
      name: 'PNG pixel bomb (20000 × 20000 in a few KB)',
      outcome: 'refused',
      code: 'FILE_TOO_LARGE',
      file: { name: 'logo.png', data: pngBomb(20_000, 20_000), type: 'image/png' },
    },
    {
      name: 'JPEG pixel bomb (header claims 60000 × 60000)',
      outcome: 'refused',
      code: 'FILE_TOO_LARGE',
      file: { name: 'logo.jpg', data: jpegBomb(jpeg), type: 'image/jpeg' },
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------------

interface UploadRoute {
  name: string;
  user: [string, string];
  url: string;
  acceptsSvg: boolean;
  /** The /uploads/ URL of what a successful reply stored. */
  storedUrl(res: Response, t: TestApp): Promise<string>;
}

const ROUTES: UploadRoute[] = [
  {
    name: 'enterprise logo',
    user: ['brand', 'Brand@123'],
    url: '/api/admin/v1/parameterSetting/enterpriseLogoUpload',
    acceptsSvg: true,
    storedUrl: async (res) => res.json().content.logoUrl,
  },
  {
    name: 'title image (enterpriseLogoUpload?kind=title)',
    user: ['brand', 'Brand@123'],
    url: '/api/admin/v1/parameterSetting/enterpriseLogoUpload?kind=title',
    acceptsSvg: true,
    storedUrl: async (res) => res.json().content.titleImageUrl,
  },
  {
    name: 'titleProp uploadImgs',
    user: ['brand', 'Brand@123'],
    url: '/api/systemmanager/titleProp/uploadImgs',
    acceptsSvg: true,
    storedUrl: async (res) => res.json().content.titleImageUrl,
  },
  {
    name: 'menu icon',
    user: ['admin', 'Admin@123'],
    url: '/api/admin/menu/uploadImgs',
    acceptsSvg: true,
    storedUrl: async (res) => res.json().url,
  },
  {
    name: 'invoice seal',
    user: ['demo', 'Demo@123'],
    url: '/api/billing/v1/seal',
    acceptsSvg: false,
    storedUrl: async (_res, t) => {
      const [u] = await t.services.db.select().from(users).where(eq(users.username, 'demo'));
      const [tenant] = await t.services.db
        .select()
        .from(tenants)
        .where(eq(tenants.id, u.tenantId as number));
      return `/uploads/${tenant.sealImageKey}`;
    },
  },
];

// ---------------------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------------------

const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex');

/** A PNG or JPEG that decodes fully, ends where its format ends, and carries none of the markers. */
async function expectProductImage(bytes: Buffer, mime: string, what: string) {
  if (mime === 'image/png') {
    expect(bytes.subarray(0, 8).equals(PNG_BYTES.subarray(0, 8)), what).toBe(true);
    expect(bytes.subarray(-12).equals(PNG_END), `${what}: nothing after IEND`).toBe(true);
  } else {
    expect(mime, what).toBe('image/jpeg');
    expect([...bytes.subarray(0, 3)], what).toEqual([0xff, 0xd8, 0xff]);
    expect([...bytes.subarray(-2)], `${what}: nothing after EOI`).toEqual([0xff, 0xd9]);
  }
  const meta = await sharp(bytes).metadata();
  expect(meta.format, what).toBe(mime === 'image/png' ? 'png' : 'jpeg');
  expect(meta.exif, `${what}: no EXIF`).toBeUndefined();
  expect(meta.xmp, `${what}: no XMP`).toBeUndefined();
  expect(meta.comments ?? [], `${what}: no comments`).toEqual([]);
  expect(Math.max(meta.width ?? 0, meta.height ?? 0), what).toBeLessThanOrEqual(1024);
  await sharp(bytes, { failOn: 'warning' }).raw().toBuffer();
  const text = bytes.toString('latin1').toLowerCase();
  for (const marker of MARKERS)
    expect(text.includes(marker), `${what}: stored bytes contain "${marker}"`).toBe(false);
}

/** A served upload: the product's image type, nosniff, a sandboxing CSP, shown inline as an image. */
function expectImageHeaders(res: Response, mime: string, what: string) {
  expect(res.statusCode, what).toBe(200);
  expect(res.headers['content-type'], what).toBe(mime);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  const csp = String(res.headers['content-security-policy']);
  expect(csp, what).toMatch(/(^|;\s*)sandbox(;|$)/);
  expect(csp, what).toContain("default-src 'none'");
  expect(csp, what).not.toContain('script-src');
  expect(String(res.headers['content-disposition']), what).toMatch(/^inline; filename="[^"/]+\.(png|jpg)"$/);
}

/** The uploads folder of the test app, found through a file it wrote (BuiltApp does not expose it). */
function uploadsDirHolding(key: string): string {
  const dir = readdirSync(tmpdir())
    .filter((d) => d.startsWith('fpy-uploads-'))
    .map((d) => join(tmpdir(), d))
    .find((d) => existsSync(join(d, key)));
  if (!dir) throw new Error(`no uploads folder holds ${key}`);
  return dir;
}

// ---------------------------------------------------------------------------------------------------------

describe('hostile uploads on every upload route', () => {
  let payloads: Payload[];
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    payloads = await buildPayloads();
    for (const r of ROUTES) if (!tokens.has(r.user[0])) tokens.set(r.user[0], await app().login(...r.user));
  });

  it('has the payloads and routes the issue names', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(26);
    expect(ROUTES).toHaveLength(5);
  });

  for (const route of ROUTES) {
    it(`${route.name}: refuses or neutralises every payload`, async () => {
      const t = app();
      const token = tokens.get(route.user[0]) as string;
      let stored = 0;
      for (const p of payloads) {
        const what = `${route.name} / ${p.name}`;
        const res = await upload(t, token, route.url, multipart(p.file));
        const expectStored = p.outcome === 'image' || (p.outcome === 'svg' && route.acceptsSvg);
        if (!expectStored) {
          expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
          const body = res.json();
          expect(body.code, what).toBe(p.code ?? 'FILE_TYPE_NOT_ALLOWED');
          expect(body.message, what).toMatch(/[\u4e00-\u9fff]/);
          continue;
        }
        expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
        const url = await route.storedUrl(res, t);
        const key = url.replace(/^\/uploads\//, '');
        expect(key, what).toMatch(/^(seal-)?[0-9a-f-]{36}\.(png|jpg)$/);
        // SVG and PNG become PNG; a JPEG stays a JPEG, re-encoded.
        const mime = p.file.data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))
          ? 'image/jpeg'
          : 'image/png';
        expect(key.endsWith(mime === 'image/png' ? '.png' : '.jpg'), what).toBe(true);

        const served = await t.app.inject({ url });
        expectImageHeaders(served, mime, what);
        await expectProductImage(served.rawPayload, mime, what);
        const head = await t.app.inject({ method: 'HEAD', url });
        expectImageHeaders(head, mime, `${what} (HEAD)`);

        // stored_files records what was written, not what was sent.
        const [row] = await t.services.db.select().from(storedFiles).where(eq(storedFiles.storageKey, key));
        expect(row, what).toMatchObject({ mime, size: served.rawPayload.length });
        stored += 1;
      }
      expect(stored).toBe(
        payloads.filter((p) => p.outcome === 'image' || (p.outcome === 'svg' && route.acceptsSvg)).length,
      );
    }, 120_000);
  }
});

describe('SVG rendering reads and fetches nothing outside the upload', () => {
  it('ignores file:, http: and relative references in every element that can hold one', async () => {
    const t = app();
    const token = await t.login('admin', 'Admin@123');
    const dir = mkdtempSync(join(tmpdir(), 'fpy-svg-refs-'));
    const red = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    writeFileSync(join(dir, 'red.png'), red);
    writeFileSync(join(dir, 'secret.txt'), 'SECRET-FILE-CONTENT');
    writeFileSync(
      join(dir, 'shape.svg'),
      `<svg xmlns="${SVG_NS}"><rect id="r" width="8" height="8" fill="red"/></svg>`,
    );
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.setHeader('content-type', 'image/png');
      res.end(red);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const http = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const refs = (base: string) => `
        <style>@import url("${base}/a.css"); .f { fill: url(${base}/shape.svg#r) }</style>
        <image href="${base}/red.png" width="8" height="8"/>
        <image xlink:href="${base}/red.png" width="8" height="8"/>
        <use href="${base}/shape.svg#r"/>
        <use xlink:href="${base}/shape.svg#r"/>
        <filter id="f${base.length}"><feImage href="${base}/red.png"/></filter>
        <rect width="8" height="8" fill="none" filter="url(#f${base.length})"/>
        <rect class="f" width="8" height="8" fill-opacity="1"/>
        <text x="0" y="8" font-size="8"><xi:include href="${base}/secret.txt" parse="text"/></text>`;
      const svg = (body: string) =>
        Buffer.from(
          `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xi="http://www.w3.org/2001/XInclude" width="8" height="8">${body}</svg>`,
        );
      const render = async (body: string) => {
        const res = await upload(
          t,
          token,
          '/api/admin/menu/uploadImgs',
          multipart({ name: 'r.svg', data: svg(body) }),
        );
        expect(res.statusCode, res.body).toBe(200);
        const served = await t.app.inject({ url: res.json().url });
        const { data, info } = await sharp(served.rawPayload)
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        let painted = 0;
        for (let i = 0; i < data.length; i += info.channels) if (data[i + 3] > 0) painted += 1;
        return { painted, bytes: served.rawPayload };
      };

      // Control: the same image inlined as a data: URL is drawn, so the pixel check can see a loaded image.
      const inline = await render(
        `<image href="data:image/png;base64,${red.toString('base64')}" width="8" height="8"/>`,
      );
      expect(inline.painted).toBeGreaterThan(0);

      for (const base of [`file://${dir}`, http, '.', dir]) {
        const out = await render(refs(base));
        expect(out.painted, `${base}: something external was drawn`).toBe(0);
        expect(out.bytes.toString('latin1')).not.toContain('SECRET');
      }
      expect(hits, 'the server was asked for something').toEqual([]);
    } finally {
      server.close();
    }
  }, 60_000);
});

describe('/uploads serves only images the product wrote', () => {
  it('answers 404 (never HTML) for everything else in the folder', async () => {
    const t = app();
    const token = await t.login('admin', 'Admin@123');
    const res = await upload(
      t,
      token,
      '/api/admin/menu/uploadImgs',
      multipart({ name: 'i.png', data: PNG_BYTES }),
    );
    const key = res.json().url.replace('/uploads/', '');
    const dir = uploadsDirHolding(key);
    const id = randomUUID();
    const html = `<html><body><script>${JS}</script></body></html>`;
    const planted = [
      'evil.html',
      'evil.svg',
      'evil.png',
      `${id}.svg`,
      `${id}.html`,
      `${id}.xlsx`,
      `${id}.png.html`,
      `${id}.jpeg`,
      `${id.toUpperCase()}.png`,
      `.${id}.png`,
      'import.xlsx',
      'seed/brand-logo.svg',
      'seed/other.png',
      `sub/${id}.png`,
      'index.html',
    ];
    mkdirSync(join(dir, 'sub'), { recursive: true });
    mkdirSync(join(dir, 'seed'), { recursive: true });
    for (const name of planted) writeFileSync(join(dir, name), html);
    for (const path of [
      ...planted,
      '',
      'seed/',
      'sub/',
      `..%2f${key}`,
      `%2e%2e/${key}`,
      `${key}%00.svg`,
      `${key}/`,
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const r = await t.app.inject({ method, url: `/uploads/${path}` });
        expect([403, 404], `${method} /uploads/${path}`).toContain(r.statusCode);
        expect(String(r.headers['content-type'] ?? ''), `/uploads/${path}`).not.toMatch(/html|svg|xml/);
        expect(r.body, `/uploads/${path}`).not.toContain('PWNED');
      }
    }
    // The real file is still served.
    expectImageHeaders(await t.app.inject({ url: `/uploads/${key}` }), 'image/png', key);
  });

  it('serves a file with a product-written name only as an image, whatever is inside it', async () => {
    const t = app();
    const token = await t.login('admin', 'Admin@123');
    const res = await upload(
      t,
      token,
      '/api/admin/menu/uploadImgs',
      multipart({ name: 'i.png', data: PNG_BYTES }),
    );
    const dir = uploadsDirHolding(res.json().url.replace('/uploads/', ''));
    // Bytes that did not come through the raster step (e.g. written by an older version) still cannot run.
    for (const name of [`${randomUUID()}.png`, `seal-${randomUUID()}.jpg`]) {
      writeFileSync(join(dir, name), `<html><body><script>${JS}</script></body></html>`);
      const r = await t.app.inject({ url: `/uploads/${name}` });
      expectImageHeaders(r, name.endsWith('.png') ? 'image/png' : 'image/jpeg', name);
    }
  });

  it('never writes an imported Excel file to the uploads folder', async () => {
    const t = app();
    const demo = await t.login('demo', 'Demo@123');
    const admin = await t.login('admin', 'Admin@123');
    const first = await upload(
      t,
      admin,
      '/api/admin/menu/uploadImgs',
      multipart({ name: 'i.png', data: PNG_BYTES }),
    );
    const dir = uploadsDirHolding(first.json().url.replace('/uploads/', ''));
    const list = () => readdirSync(dir, { recursive: true }).map(String).sort();
    const before = list();
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('客户').addRow(['客户名称', '纳税人识别号']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(
      t,
      demo,
      '/api/billing/v1/customers/import',
      multipart({ name: 'customers.xlsx', data: xlsx, type: 'application/vnd.ms-excel' }),
    );
    expect(res.statusCode).toBeLessThan(500);
    expect(list()).toEqual(before);
  });

  it('shows the seeded logo as a PNG, also for a database seeded with the old SVG logo', async () => {
    const t = app();
    const logo = '/uploads/seed/brand-logo.png';
    const served = await t.app.inject({ url: logo });
    expectImageHeaders(served, 'image/png', logo);
    await expectProductImage(served.rawPayload, 'image/png', logo);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 512, height: 128 });

    // A database seeded by an older version points at the SVG; a restart moves it to the PNG.
    const [u] = await t.services.db.select().from(users).where(eq(users.username, 'brand'));
    await t.services.db
      .update(tenants)
      .set({ logoUrl: '/uploads/seed/brand-logo.svg' })
      .where(eq(tenants.id, u.tenantId as number));
    const again = await createTestApp({}, { dbHandle: t.dbHandle });
    try {
      const token = await again.login('brand', 'Brand@123');
      const after = await again.app.inject({
        url: '/api/admin/enterpriseParameterSetting',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(after.json().content.logoUrl).toBe('/uploads/seed/brand-logo.png');
      expectImageHeaders(
        await again.app.inject({ url: '/uploads/seed/brand-logo.png' }),
        'image/png',
        'restarted',
      );
      expect((await again.app.inject({ url: '/uploads/seed/brand-logo.svg' })).statusCode).toBe(404);
    } finally {
      await again.drop();
    }
  }, 60_000);
});

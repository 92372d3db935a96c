import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const BASE = '/api/billing/v1/commodityCode';
const REFERENCE = readFileSync(
  new URL('../../../../packages/db/reference/tax-classification-codes.csv', import.meta.url),
  'utf8',
);

function multipart(file: { name: string; data: Buffer } | null, fields: Record<string, string> = {}) {
  const boundary = `----tax${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function as(user: string, pw: string) {
  return app().login(user, pw);
}
const upload = (token: string, path: string, body: ReturnType<typeof multipart>) =>
  app().app.inject({
    method: 'POST',
    url: `${BASE}/${path}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
const detail = async (token: string, code: string) =>
  app().app.inject({ url: `${BASE}/querySpbmByBm?bm=${code}`, headers: bearer(token) });

/** The shipped table with 稻谷 renamed, 小麦 dropped and one new code under 谷物. */
function modifiedTable() {
  const lines = REFERENCE.split('\n');
  return [
    ...lines
      .filter((l) => !l.startsWith('1010101020000000000,'))
      .map((l) => (l.startsWith('1010101010000000000,') ? l.replace(',稻谷,', ',稻谷（含糙米）,') : l)),
  ]
    .join('\n')
    .replace(
      '1010101030000000000,',
      '1010101980000000000,新型谷物,谷物,,9%,,1010101000000000000,5,true,false\n1010101030000000000,',
    );
}

describe('tax code sync and import', () => {
  it('imports only into an empty table, and only for platform accounts', async () => {
    const admin = await as('admin', 'Admin@123');
    const demo = await as('demo', 'Demo@123');
    const file = { name: 'codes.csv', data: Buffer.from(REFERENCE) };
    expect((await upload(demo, 'importCommodityCode', multipart(file))).statusCode).toBe(403);
    const first = await upload(admin, 'importCommodityCode', multipart(file, { version: '2026.6.1' }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ kind: 'import', added: 4098, changed: 0, retired: 0 });
    const again = await upload(admin, 'importCommodityCode', multipart(file));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('同步');
  });

  it('reports added, changed and retired codes; retired codes stay, disabled', async () => {
    const admin = await as('admin', 'Admin@123');
    const demo = await as('demo', 'Demo@123');
    // The tenant had confirmed 小麦 for a product: the sync must flag, not change, it.
    const confirm = await app().app.inject({
      method: 'POST',
      url: '/api/billing/v1/userCommodityCode/aiCoding/confirm',
      headers: bearer(demo),
      payload: { name: '优质小麦', code: '1010101020000000000' },
    });
    expect(confirm.statusCode).toBe(200);
    const res = await upload(
      admin,
      'tbspbm',
      multipart({ name: 'v2.csv', data: Buffer.from(modifiedTable()) }, { version: '2026.9.1' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'sync', version: '2026.9.1', added: 1, changed: 1, retired: 1 });
    expect(res.json().addedCodes).toEqual(['1010101980000000000']);
    expect(res.json().changedCodes).toEqual([{ code: '1010101010000000000', fields: ['name'] }]);
    expect(res.json().retiredCodes).toEqual(['1010101020000000000']);

    const retired = await detail(demo, '1010101020000000000');
    expect(retired.statusCode).toBe(200);
    expect(retired.json()).toMatchObject({ name: '小麦', enabled: false, usable: false });
    expect((await detail(demo, '1010101010000000000')).json().name).toBe('稻谷（含糙米）');
    const last = await app().app.inject({
      method: 'POST',
      url: `${BASE}/spBmBatchImportResult`,
      headers: bearer(demo),
    });
    expect(last.json()).toMatchObject({ id: res.json().id, retired: 1 });

    const { taxCodeRetirements, tenantCodingMemory } = await import('@fpy/db');
    const rows = await app().services.db.select().from(taxCodeRetirements);
    expect(rows.map((r) => r.code)).toEqual(['1010101020000000000']);
    const memory = await app().services.db.select().from(tenantCodingMemory);
    expect(memory.find((m) => m.name === '优质小麦')?.code).toBe('1010101020000000000');

    // Syncing the original back reinstates the code.
    const back = await upload(admin, 'tbspbm', multipart({ name: 'v1.csv', data: Buffer.from(REFERENCE) }));
    expect(back.json()).toMatchObject({ added: 0, changed: 2, retired: 1 });
    expect((await detail(demo, '1010101020000000000')).json().enabled).toBe(true);
  });

  it('refuses bad files with a Chinese 400 and writes nothing', async () => {
    const admin = await as('admin', 'Admin@123');
    const before = (
      await app().app.inject({ method: 'POST', url: `${BASE}/spBmBatchImportResult`, headers: bearer(admin) })
    ).json().id;
    const cases: [Buffer, string][] = [
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'CSV'],
      [Buffer.alloc(0), '请选择'],
      [Buffer.alloc(10 * 1024 * 1024, 0x41), '不能超过'],
      [Buffer.from(REFERENCE.replace('1010101030000000000,玉米', '10101010300,玉米')), '19位'],
      [
        Buffer.from(REFERENCE.replace('1010101030000000000,玉米,谷物,', '1010101030000000000,,谷物,')),
        '名称',
      ],
      [Buffer.from('code,name\n1,2\n'), '表头'],
      [Buffer.from(REFERENCE.split('\n').slice(0, 50).join('\n')), '10%'],
    ];
    for (const [data, text] of cases) {
      const res = await upload(admin, 'tbspbm', multipart({ name: 'bad.csv', data }));
      expect(res.statusCode, text).toBe(400);
      expect(res.json().message).toContain(text);
    }
    const after = (
      await app().app.inject({ method: 'POST', url: `${BASE}/spBmBatchImportResult`, headers: bearer(admin) })
    ).json().id;
    expect(after).toBe(before);
    expect((await detail(admin, '1010101030000000000')).json().name).toBe('玉米');
  });
});

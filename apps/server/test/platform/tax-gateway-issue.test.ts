import { describe, expect, it } from 'vitest';
import {
  formatDigitalNumber,
  parseDigitalNumber,
  regionOf,
} from '../../src/modules/platform/tax-gateway/sandbox/numbering.ts';
import { useTestApp } from '../harness.ts';
import { blueRequest, freshSeller, issue, issueOk, sandbox } from './tax-gateway-helpers.ts';

const app = useTestApp();
const db = () => app().services.db;

describe('数电 numbering (notes §2.1)', () => {
  it('reads the province region from the credit code and lays out yy + region + channel + 15-digit sequence', () => {
    expect(regionOf('91310115MA1K4GDM05')).toBe('31');
    expect(regionOf('91440101753491772B')).toBe('44');
    expect(regionOf('110108123456789')).toBe('11'); // 15-character number: region first (§5.2)
    expect(regionOf('91AB0115MA1K4GDM05')).toBeNull();
    expect(formatDigitalNumber(2024, '31', '2', 136634917)).toBe('24312000000136634917');
    expect(parseDigitalNumber('24312000000136634917')).toEqual({
      yy: '24',
      region: '31',
      channel: '2',
      sequence: 136634917,
    });
  });

  it('uses the Asia/Shanghai year and restarts the sequence each year', async () => {
    const seller = freshSeller();
    // 2026-12-31 16:30 UTC is already 2027-01-01 in China.
    const { gw, advance } = sandbox(db(), '2026-12-31T15:00:00Z');
    const a = await issueOk(gw, blueRequest(seller));
    expect(a.number).toBe('26312000000000000001');
    expect(a.issueDate).toBe('2026-12-31');
    advance(90 * 60_000);
    const b = await issueOk(gw, blueRequest(seller));
    expect(b.number).toBe('27312000000000000001');
    expect(b.issueDate).toBe('2027-01-01');
  });

  it('gives 8 concurrent issuers distinct, consecutive numbers; failed issues consume none', async () => {
    const seller = freshSeller();
    const { gw } = sandbox(db());
    const N = 5;
    const jobs = Array.from({ length: 8 }, (_, w) =>
      Array.from({ length: N + 1 }, (_, i) =>
        // One request per issuer fails at the bureau: it must not take a number.
        blueRequest(seller, 1130 + w, i === 2 ? { buyer: { name: '【模拟失败】购买方' } } : {}),
      ),
    ).flat();
    const accepted = await Promise.all(jobs.map((r) => gw.submitIssue(r)));
    const results = await Promise.all(accepted.map((a) => gw.queryIssueResult(a.requestId)));
    const numbers = results.flatMap((r) => (r.status === 'issued' ? [r.number] : []));
    expect(results.filter((r) => r.status === 'failed')).toHaveLength(8);
    expect(numbers).toHaveLength(8 * N);
    expect(new Set(numbers).size).toBe(8 * N);
    for (const n of numbers) expect(n).toMatch(/^26312\d{15}$/);
    const seqs = numbers.map((n) => parseDigitalNumber(n)!.sequence).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 8 * N }, (_, i) => i + 1));
  });
});

describe('the bureau works through its queue in batches', () => {
  it("issues a tenant's other due blue requests with the one asked about, in order, and leaves the rest", async () => {
    const seller = freshSeller();
    const other = freshSeller();
    const { gw, advance } = sandbox(db(), '2026-06-15T02:00:00Z', { latencyMs: 1000 });
    // One after another, so the order they came in is the array's.
    const due: { requestId: string }[] = [];
    for (let i = 0; i < 5; i++) due.push(await gw.submitIssue(blueRequest(seller)));
    const elsewhere = await gw.submitIssue(blueRequest(other));
    advance(1000);
    const notYet = await gw.submitIssue(blueRequest(seller));
    const refused = await gw.submitIssue(
      blueRequest(seller, 11_300, { buyer: { name: '【模拟失败】购买方' } }),
    );

    const first = await gw.queryIssueResult(due[2].requestId);
    expect(first).toMatchObject({ status: 'issued', number: '26312000000000000001' });
    // The others were issued in the same transaction, in the order they came: their pollers find them done.
    const rest = await Promise.all([0, 1, 3, 4].map((i) => gw.queryIssueResult(due[i].requestId)));
    expect(rest.map((r) => (r.status === 'issued' ? r.number.slice(-2) : r.status))).toEqual([
      '02',
      '03',
      '04',
      '05',
    ]);
    // Not yet due, or another tenant's: untouched until asked about.
    expect(await gw.queryIssueResult(notYet.requestId)).toEqual({ status: 'pending' });
    expect(await gw.queryIssueResult(refused.requestId)).toEqual({ status: 'pending' });
    advance(1000);
    expect(await gw.queryIssueResult(elsewhere.requestId)).toMatchObject({ status: 'issued' });
    expect(await gw.queryIssueResult(refused.requestId)).toMatchObject({ status: 'failed' });
    // The refusal took no number: the request due with it got the next one.
    expect(await gw.queryIssueResult(notYet.requestId)).toMatchObject({ number: '26312000000000000006' });
  });
});

describe('asynchronous answers', () => {
  it('stays pending until the latency has passed, then issues; resubmitting an order is idempotent', async () => {
    const seller = freshSeller();
    const { gw, advance } = sandbox(db(), undefined, { latencyMs: 5_000 });
    const req = blueRequest(seller);
    const { requestId } = await gw.submitIssue(req);
    expect(await gw.queryIssueResult(requestId)).toEqual({ status: 'pending' });
    advance(4_999);
    expect(await gw.queryIssueResult(requestId)).toEqual({ status: 'pending' });
    advance(1);
    const done = await gw.queryIssueResult(requestId);
    expect(done).toMatchObject({ status: 'issued', number: expect.stringMatching(/^\d{20}$/) });
    expect(await gw.queryIssueResult(requestId)).toEqual(done);
    expect(await gw.submitIssue(req)).toEqual({ requestId });
  });

  it('takes a batch in one call: in order, each orderNo idempotent, issued in submission order', async () => {
    const seller = freshSeller();
    const { gw, advance } = sandbox(db(), undefined, { latencyMs: 1_000 });
    const early = blueRequest(seller);
    const { requestId: earlyId } = await gw.submitIssue(early);
    const batch = [
      blueRequest(seller),
      early,
      blueRequest(seller),
      blueRequest(seller, 11_300, { buyer: { name: '【模拟失败】某公司' } }),
    ];
    const ids = (await gw.submitIssues(batch)).map((r) => r.requestId);
    expect(ids[1]).toBe(earlyId);
    expect(new Set(ids).size).toBe(4);
    // Resubmitting the whole batch answers the same requestIds: nothing is stored twice.
    expect((await gw.submitIssues(batch)).map((r) => r.requestId)).toEqual(ids);
    expect(await gw.queryIssueResults(ids)).toEqual(ids.map(() => ({ status: 'pending' })));
    advance(1_000);
    const results = await gw.queryIssueResults([...ids, 'no-such-request']);
    expect(results.map((r) => r.status)).toEqual(['issued', 'issued', 'issued', 'failed', 'failed']);
    expect(results[4]).toMatchObject({ code: 'unknown_request' });
    // Numbers follow submission order (the early request first), and the refusal took none.
    const seq = (r: (typeof results)[number]) => (r.status === 'issued' ? Number(r.number.slice(-15)) : 0);
    expect([seq(results[1]), seq(results[0]), seq(results[2])]).toEqual([1, 2, 3]);
    // Asked again, each answers as it was settled.
    expect(await gw.queryIssueResults(ids)).toEqual(results.slice(0, 4));
    expect(await gw.queryIssueResult(ids[0])).toEqual(results[0]);
  });

  it('a batch the month line cannot take whole: in order, each takes what is left, as it would alone', async () => {
    const seller = freshSeller();
    const { gw } = sandbox(db());
    await gw.setMonthlyLimit(seller.tenantId, 25_000);
    const batch = [blueRequest(seller, 11_300), blueRequest(seller, 20_000), blueRequest(seller, 11_300)];
    const ids = (await gw.submitIssues(batch)).map((r) => r.requestId);
    const results = await gw.queryIssueResults(ids);
    expect(results.map((r) => r.status)).toEqual(['issued', 'failed', 'issued']);
    expect(results[1]).toMatchObject({
      code: 'credit_exceeded',
      message: expect.stringContaining('本月授信额度不足'),
    });
    const seq = (r: (typeof results)[number]) => (r.status === 'issued' ? Number(r.number.slice(-15)) : 0);
    expect([seq(results[0]), seq(results[2])]).toEqual([1, 2]);
    expect(await gw.creditLine(seller.tenantId)).toMatchObject({ usedFen: 22_600, remainingFen: 2_400 });
  });

  it('fails deterministically on the marker and at the configured rate', async () => {
    const seller = freshSeller();
    const marked = await issue(
      sandbox(db()).gw,
      blueRequest(seller, 100, { buyer: { name: '甲公司【模拟失败】' } }),
    );
    expect(marked).toMatchObject({
      status: 'failed',
      code: 'bureau_rejected',
      message: expect.stringContaining('税务局'),
    });
    const rolls = [0.1, 0.9];
    const { gw } = sandbox(db(), undefined, { failureRate: 0.5, random: () => rolls.shift()! });
    expect(await issue(gw, blueRequest(seller))).toMatchObject({ status: 'failed', code: 'bureau_rejected' });
    expect((await issueOk(gw, blueRequest(seller))).number.endsWith('1')).toBe(true);
    expect(await gw.queryIssueResult('no-such-request')).toMatchObject({
      status: 'failed',
      code: 'unknown_request',
    });
  });

  it('refuses malformed requests and legacy invoice types', async () => {
    const seller = freshSeller();
    const { gw } = sandbox(db());
    expect(await issue(gw, blueRequest(seller, 1000, { type: 'special_paper' }))).toMatchObject({
      status: 'failed',
      code: 'invalid_request',
    });
    expect(await issue(gw, blueRequest(seller, 1000, { totalFen: 999 }))).toMatchObject({
      code: 'invalid_request',
    });
  });
});

describe('授信额度 (notes §11.1)', () => {
  it('refuses an issue beyond the month line without consuming a number, and recovers when raised', async () => {
    const seller = freshSeller();
    const { gw } = sandbox(db());
    expect(await gw.creditLine(seller.tenantId)).toEqual({
      month: '202606',
      monthlyLimitFen: 100_000_000,
      usedFen: 0,
      remainingFen: 100_000_000,
    });
    await gw.setMonthlyLimit(seller.tenantId, 10_000);
    await issueOk(gw, blueRequest(seller, 6_000));
    const refused = await issue(gw, blueRequest(seller, 5_000));
    expect(refused).toMatchObject({ status: 'failed', code: 'credit_exceeded' });
    expect(refused.status === 'failed' && refused.message).toBe(
      '本月授信额度不足：剩余可用额度40.00元，本张发票价税合计50.00元',
    );
    expect(await gw.creditLine(seller.tenantId)).toMatchObject({ usedFen: 6_000, remainingFen: 4_000 });
    await gw.setMonthlyLimit(seller.tenantId, 20_000);
    const next = await issueOk(gw, blueRequest(seller, 5_000));
    expect(parseDigitalNumber(next.number)!.sequence).toBe(2);
    expect(await gw.creditLine(seller.tenantId)).toMatchObject({ usedFen: 11_000, remainingFen: 9_000 });
  });

  it('starts each month afresh with the limit last set', async () => {
    const seller = freshSeller();
    const { gw, advance } = sandbox(db(), '2026-06-30T10:00:00Z');
    await gw.setMonthlyLimit(seller.tenantId, 8_000);
    await issueOk(gw, blueRequest(seller, 8_000));
    expect(await issue(gw, blueRequest(seller, 1))).toMatchObject({ code: 'credit_exceeded' });
    advance(24 * 3600_000); // 2026-07-01 in China
    expect(await gw.creditLine(seller.tenantId)).toEqual({
      month: '202607',
      monthlyLimitFen: 8_000,
      usedFen: 0,
      remainingFen: 8_000,
    });
    await issueOk(gw, blueRequest(seller, 1));
  });
});

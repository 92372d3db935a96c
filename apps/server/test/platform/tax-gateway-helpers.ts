import type { Db } from '@fpy/db';
import { expect } from 'vitest';
import type { IssueRequest, IssueResult } from '../../src/gateways/tax-bureau/gateway.ts';
import { SandboxTaxGateway } from '../../src/modules/platform/tax-gateway/sandbox/index.ts';
import type { SandboxOptions } from '../../src/modules/platform/tax-gateway/sandbox/options.ts';
import { newCreditCode } from './base-helpers.ts';

/** A sandbox whose clock the test moves by hand. */
export function sandbox(db: Db, start = '2026-06-15T02:00:00Z', opts: Partial<SandboxOptions> = {}) {
  const clock = { t: new Date(start).getTime() };
  const gw = new SandboxTaxGateway(db, { now: () => new Date(clock.t), ...opts });
  return { gw, clock, advance: (ms: number) => (clock.t += ms) };
}

let tenantSerial = 900_000 + Math.floor(Math.random() * 50_000);
/** Sandbox tables carry no foreign keys, so each test takes a fresh tenant id and seller of its own. */
export function freshSeller() {
  tenantSerial += 1;
  return { tenantId: tenantSerial, creditCode: newCreditCode(), name: '沙箱测试销售方有限公司' };
}

let orderSerial = 0;
export function blueRequest(
  seller: ReturnType<typeof freshSeller>,
  totalFen = 11_300,
  over: Partial<IssueRequest> = {},
): IssueRequest {
  orderSerial += 1;
  const taxFen = Math.round((totalFen * 13) / 113);
  return {
    tenantId: seller.tenantId,
    orderNo: `ORD-${process.pid}-${orderSerial}`,
    type: 'digital_ordinary',
    colour: 'blue',
    seller: { name: seller.name, creditCode: seller.creditCode },
    buyer: { name: '上海购买方有限公司', taxNumber: '91310115MA1K4GDM05' },
    amountFen: totalFen - taxFen,
    taxFen,
    totalFen,
    lines: [{ name: '*信息技术服务*软件服务费', amountFen: totalFen - taxFen, taxFen, rate: 'rate_13' }],
    ...over,
  };
}

export async function issue(gw: SandboxTaxGateway, req: IssueRequest): Promise<IssueResult> {
  const { requestId } = await gw.submitIssue(req);
  return gw.queryIssueResult(requestId);
}

export async function issueOk(gw: SandboxTaxGateway, req: IssueRequest) {
  const r = await issue(gw, req);
  expect(r).toMatchObject({ status: 'issued' });
  return r as Extract<IssueResult, { status: 'issued' }>;
}

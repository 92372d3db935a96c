import type { TestApp } from '../harness.ts';
import { bearer } from '../harness.ts';

export const URL = '/api/billing/v1/invoices';
let serial = 0;
export const nextSerial = () => `T${process.pid}-${Date.now()}-${++serial}`;

/** 2 × 100.00 at 13%, exclusive: 金额 200.00, 税额 26.00, 价税合计 226.00. */
export function invoiceBody(over: Record<string, unknown> = {}) {
  return {
    clientSerial: nextSerial(),
    type: 'digital_special',
    pricingMode: 'exclusive',
    buyer: { name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' },
    lines: [
      {
        name: '*软件维护服务*接口服务费',
        // 通用应用软件 (13%): the line is at 13%, which 软件维护服务 (6%) does not allow (issue 28 §7).
        taxCode: '1060301020100000000',
        unit: '次',
        quantity: '2',
        unitPrice: '100',
        rate: 'rate_13',
      },
    ],
    totals: { amountFen: 20_000, taxFen: 2_600, totalFen: 22_600 },
    ...over,
  };
}

export function api(t: TestApp & { services: { jobs: { drain(): Promise<void> } } }, token: string) {
  return {
    create: (payload: object) => t.app.inject({ method: 'POST', url: URL, headers: bearer(token), payload }),
    get: (id: number) => t.app.inject({ url: `${URL}/${id}`, headers: bearer(token) }),
    list: (qs = '') => t.app.inject({ url: `${URL}${qs}`, headers: bearer(token) }),
    retry: (id: number) =>
      t.app.inject({ method: 'POST', url: `${URL}/${id}/retry`, headers: bearer(token) }),
    /** Waits until the issue jobs have run. */
    settled: () => t.services.jobs.drain(),
  };
}

import { invoiceLines, invoices, redLetterForms } from '@fpy/db';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bearer, type TestApp } from '../harness.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

export const BASE = '/api/billing/v1/red-letter';
type App = TestApp & { services: { jobs: { drain(): Promise<void> } } };

/** Goods (税收分类编码 1…): 4 × 2,500.00 at 13% → 金额 10,000.00, 税额 1,300.00. */
export const GOODS = {
  name: '*计算机*笔记本电脑',
  taxCode: '1090511030000000000',
  unit: '台',
  quantity: '4',
  unitPrice: '2500',
  rate: 'rate_13',
};
/**
 * Services (3…): 2 × 100.00 at 13% → 金额 200.00, 税额 26.00. A leasing service, since 13% is a rate its code
 * allows (issue 28 §7); the red-letter reason rules need a real service code here, not invoiceBody's goods line.
 */
export const SERVICE = {
  ...invoiceBody().lines[0],
  name: '*经营租赁*设备租赁费',
  taxCode: '3040502019900000000',
};

export function redApi(t: App, token: string) {
  const headers = bearer(token);
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `${BASE}${url}`, headers, ...(payload ? { payload } : {}) });
  return {
    lookup: (qs: string) => t.app.inject({ url: `${BASE}/blue-invoice?${qs}`, headers }),
    apply: (payload: object) => post('/forms', payload),
    quick: (payload: object) => post('/quick', payload),
    list: (qs = '') => t.app.inject({ url: `${BASE}/forms${qs}`, headers }),
    get: (id: number) => t.app.inject({ url: `${BASE}/forms/${id}`, headers }),
    act: (id: number, op: 'confirm' | 'refuse' | 'revoke') => post(`/forms/${id}/${op}`),
    issueRed: (id: number) => post(`/forms/${id}/issue-red`),
    /** Sandbox levers (platform accounts only). */
    book: (blueInvoiceId: number) => post('/sandbox/buyer-booking', { blueInvoiceId }),
    buyerAct: (id: number, action: 'confirm' | 'refuse') => post(`/sandbox/forms/${id}/buyer`, { action }),
    buyerApply: (payload: object) => post('/sandbox/buyer-apply', payload),
    settled: () => t.services.jobs.drain(),
  };
}

/** Issues a blue invoice through the invoicing API and waits until it is issued. */
export async function issueBlue(t: App, token: string, lines: object[] = [GOODS]) {
  const c = api(t, token);
  const res = await c.create(invoiceBody({ lines, totals: undefined }));
  expect(res.statusCode, res.body).toBe(201);
  await c.settled();
  const inv = (await c.get(res.json().id)).json();
  expect(inv.status).toBe('issued');
  return inv as { id: number; number: string; status: string; amountFen: number; taxFen: number };
}

export async function invoiceRow(t: App, id: number) {
  const [inv] = await t.services.db.select().from(invoices).where(eq(invoices.id, id));
  const lines = await t.services.db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.lineNo));
  return { ...inv, lines };
}

export async function formsOf(t: App, blueInvoiceId: number) {
  return t.services.db.select().from(redLetterForms).where(eq(redLetterForms.blueInvoiceId, blueInvoiceId));
}

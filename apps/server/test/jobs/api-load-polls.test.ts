import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBuyerOrder, getBuyerRequest } from '@fpy/contracts';
import { ApiLoad } from '../../src/jobs/api-load.ts';
import { createTestApp, type TestApp } from '../harness.ts';

/**
 * The buyer pages poll their order / request every few seconds while they wait. Those polls (contract `poll`)
 * stay out of the load measurement background jobs yield to; every other request counts (jobs/api-load.ts).
 * The load runs on a frozen clock here, so "within a second" holds however slow the machine is.
 */
describe('load measurement leaves status polls out', () => {
  let t: TestApp & { drop(): Promise<void> };
  let now = 50_000;
  const load = new ApiLoad(8, 10, () => now);

  beforeAll(async () => {
    t = await createTestApp({}, { apiLoad: load });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('declares the two buyer status reads as polls', () => {
    expect(getBuyerOrder.poll).toBe(true);
    expect(getBuyerRequest.poll).toBe(true);
  });

  it('thirty polls within a second do not make the server busy; ten real requests do', async () => {
    // The harness's own start-up request (the public key) counted: let it age past the second.
    now += 2000;
    expect(load.busy).toBe(false);

    for (let i = 0; i < 15; i++) {
      const order = await t.app.inject({ url: `/api/public/self-service/orders/ORD${i}abcdefgh` });
      const request = await t.app.inject({ url: `/api/public/self-service/requests/tok${i}abcdefgh` });
      // Unknown codes: answered (not found or refused input), never counted.
      expect([400, 404]).toContain(order.statusCode);
      expect([400, 404]).toContain(request.statusCode);
    }
    expect(load.busy).toBe(false);

    for (let i = 0; i < 9; i++) expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect(load.busy).toBe(false);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect(load.busy).toBe(true);
  });
});

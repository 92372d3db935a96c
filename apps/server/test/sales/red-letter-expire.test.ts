import { describe, expect, it } from 'vitest';
import { useTestApp } from '../harness.ts';
import { issueBlue, redApi } from './red-letter-helpers.ts';

const app = useTestApp();
const HOUR = 3600_000;

describe('red-letter: the 72-hour auto-void (§6.1) by the scheduled job', () => {
  it('voids an unconfirmed form after 72 hours (07) and frees its amount', async () => {
    const token = await app().login('demo', 'Demo@123');
    const r = redApi(app(), token);
    const blue = await issueBlue(app(), token);
    await redApi(app(), await app().login('admin', 'Admin@123')).book(blue.id);
    const form = (await r.apply({ blueInvoiceId: blue.id, reason: 'sales_return' })).json();
    expect(form.state).toBe('pending_buyer');
    const deadline = new Date(form.deadline).getTime();

    await app().services.scheduler.runNow('red-letter.expire', new Date(deadline - 60_000));
    expect((await r.get(form.id)).json().state).toBe('pending_buyer');

    await app().services.scheduler.runNow('red-letter.expire', new Date(Date.now() + 73 * HOUR));
    const voided = (await r.get(form.id)).json();
    expect(voided).toMatchObject({ state: 'void_expired', stateCode: '07' });
    expect((await r.lookup(`id=${blue.id}`)).json().remainingAmountFen).toBe(1_000_000);
    expect((await r.issueRed(form.id)).json().code).toBe('RED_FORM_UNUSABLE');
    expect((await r.act(form.id, 'confirm')).json().code).toBe('RED_FORM_CLOSED');
    expect((await r.list('?state=void_expired')).json().total).toBe(1);
  });
});

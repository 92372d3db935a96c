import { SECRET_MASK } from '@fpy/contracts';
import { describe, expect, it } from 'vitest';
import {
  callOne,
  configFieldPath,
  FailoverExhausted,
  failover,
  GatewayError,
  type GatewayAccount,
  GatewayRefusal,
  keepMaskedSecrets,
  LiveClients,
  maskSecrets,
  orderOrSandbox,
  receiptHooks,
  tryOrder,
  vendorRefusal,
} from '../../src/gateways/kit/index.ts';
import { OutboundBlocked } from '../../src/lib/outbound/index.ts';
import { AppError } from '../../src/lib/errors.ts';

/** The gateway kit on its own (issue 29 §2): no vendor, no database — the rules every gateway shares. */
const account = (id: number, over: Partial<GatewayAccount> = {}): GatewayAccount => ({
  id,
  tenantId: null,
  kind: 'stub',
  name: `a${id}`,
  priority: 10,
  weight: 1,
  config: {},
  version: 'v1',
  ...over,
});

describe('tryOrder', () => {
  it('puts the tenant’s own accounts first, then lower priority, equal priorities by weighted draw', () => {
    const accounts = [
      account(1, { priority: 5 }),
      account(2, { priority: 1 }),
      account(3, { tenantId: 7, priority: 50 }),
      account(4, { tenantId: 8, priority: 0 }),
    ];
    expect(tryOrder(accounts, 7, () => 0.5).map((a) => a.id)).toEqual([3, 4, 2, 1]);
    // The platform (no tenant) sees no account as its own.
    expect(tryOrder(accounts, null, () => 0.5).map((a) => a.id)).toEqual([4, 2, 1, 3]);
  });

  it('lets the heavier of two equal priorities lead when the draws are equal', () => {
    const order = tryOrder([account(1, { weight: 1 }), account(2, { weight: 3 })], null, () => 0.5);
    expect(order.map((a) => a.id)).toEqual([2, 1]);
  });
});

describe('failover', () => {
  const opts = { timeoutMs: 1000 };

  it('takes the first account that answers and logs the ones that did not', async () => {
    const r = await failover(
      [account(1), account(2), account(3)],
      async (a) => {
        if (a.id === 1) throw vendorRefusal('BAD_KEY', 'key refused', 'account');
        if (a.id === 2) throw new Error('socket hang up');
        return `sent by ${a.id}`;
      },
      opts,
    );
    expect(r.result).toBe('sent by 3');
    expect(r.tried).toEqual([
      { providerId: 1, providerKind: 'stub', code: 'BAD_KEY', message: 'key refused' },
      { providerId: 2, providerKind: 'stub', code: 'PROVIDER_ERROR', message: 'socket hang up' },
    ]);
  });

  it('stops at once on a refusal of the request itself (another account would refuse it too)', async () => {
    const called: number[] = [];
    const err = await failover(
      [account(1), account(2)],
      async (a) => {
        called.push(a.id);
        throw vendorRefusal('MOBILE_NUMBER_ILLEGAL', 'bad number', 'message');
      },
      opts,
    ).catch((e) => e);
    expect(called).toEqual([1]);
    expect(err).toBeInstanceOf(FailoverExhausted);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err).toMatchObject({ code: 'MOBILE_NUMBER_ILLEGAL', retryable: false, providerId: 1 });
  });

  it('is retryable when any account failed transiently, final when all refused for account reasons', async () => {
    const transient = await failover(
      [account(1), account(2)],
      async (a) => {
        throw a.id === 1
          ? vendorRefusal('BUSY', 'throttled', 'transient')
          : vendorRefusal('NO_BALANCE', 'balance', 'account');
      },
      opts,
    ).catch((e) => e);
    expect(transient).toMatchObject({ code: 'BUSY', retryable: true });
    expect(transient.attempts.map((a: GatewayRefusal) => a.code)).toEqual(['BUSY', 'NO_BALANCE']);

    const final = await failover(
      [account(1), account(2)],
      async () => {
        throw vendorRefusal('NO_BALANCE', 'balance', 'account');
      },
      opts,
    ).catch((e) => e);
    expect(final).toMatchObject({ code: 'NO_BALANCE', retryable: false, providerId: 2 });
  });

  it('gives up on an account that does not answer in time and tries the next', async () => {
    const r = await failover(
      [account(1), account(2)],
      (a) => (a.id === 1 ? new Promise<string>(() => {}) : Promise.resolve('ok')),
      { timeoutMs: 20 },
    );
    expect(r.result).toBe('ok');
    expect(r.tried[0]).toMatchObject({ providerId: 1, code: 'TIMEOUT' });
  });

  it('counts an address the outbound guard refused as the account’s trouble', async () => {
    const err = await callOne(
      account(4),
      async () => {
        throw new OutboundBlocked('relay.internal', '10.0.0.1', 'private');
      },
      1000,
    ).catch((e) => e);
    expect(err).toBeInstanceOf(GatewayRefusal);
    expect(err).toMatchObject({ code: 'OUTBOUND_BLOCKED', scope: 'account', providerId: 4 });
  });
});

describe('orderOrSandbox', () => {
  const sandbox = () => account(0, { kind: 'sandbox' });
  it('uses the sandbox only when nothing is configured; all switched off is NO_PROVIDER', async () => {
    expect((await orderOrSandbox([], async () => false, sandbox)).map((a) => a.kind)).toEqual(['sandbox']);
    await expect(orderOrSandbox([], async () => true, sandbox)).rejects.toMatchObject({
      code: 'NO_PROVIDER',
      scope: 'account',
    });
    expect(await orderOrSandbox([account(1)], async () => true, sandbox)).toHaveLength(1);
  });
});

describe('secrets', () => {
  it('masks secrets and hides tokens in answers', () => {
    expect(
      maskSecrets({ host: 'h', pass: 'p', empty: '', token: 't' }, ['pass', 'empty'], ['token']),
    ).toEqual({ host: 'h', pass: SECRET_MASK, empty: '' });
  });

  it('keeps a masked secret only while its destination is unchanged', () => {
    const stored = { host: 'smtp.example.com', pass: 'secret' };
    const opts = { fieldPath: configFieldPath, label: (k: string) => ({ zh: k, en: k }) as never };
    const dest = { pass: ['host'] };
    expect(keepMaskedSecrets({ host: 'smtp.example.com', pass: SECRET_MASK }, stored, dest, opts)).toEqual(
      stored,
    );
    const moved = (() => {
      try {
        keepMaskedSecrets({ host: 'evil.example', pass: SECRET_MASK }, stored, dest, opts);
      } catch (e) {
        return e;
      }
    })();
    expect(moved).toBeInstanceOf(AppError);
    expect(moved).toMatchObject({ code: 'SECRET_DESTINATION_CHANGED' });
  });
});

describe('LiveClients', () => {
  it('keeps a client while the account version stays and closes it when the version moves', () => {
    const closed: string[] = [];
    const clients = new LiveClients<GatewayAccount, { v: string; close(): void }>((a) => ({
      v: a.version,
      close: () => void closed.push(a.version),
    }));
    const first = clients.get(account(1));
    expect(clients.get(account(1))).toBe(first);
    expect(clients.get(account(1, { version: 'v2' })).v).toBe('v2');
    expect(closed).toEqual(['v1']);
  });
});

describe('receiptHooks', () => {
  it('hands receipts to the handlers of that gateway only, a failing handler not stopping the others', async () => {
    const hooks = receiptHooks<object, string, never>();
    const a = {};
    const b = {};
    const seen: string[] = [];
    const errors: unknown[] = [];
    hooks.on(a, async () => {
      throw new Error('boom');
    });
    hooks.on(a, async (r) => void seen.push(...r.map((x) => `a:${x}`)));
    hooks.on(b, async (r) => void seen.push(...r.map((x) => `b:${x}`)));
    await hooks.deliver(a, ['r1'], (e) => errors.push(e));
    expect(seen).toEqual(['a:r1']);
    expect(errors).toHaveLength(1);
  });
});

import { sandboxMessages, users, verificationCodes } from '@fpy/db';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/lib/hash.ts';
import { newCreditCode } from '../platform/base-helpers.ts';
import { useTestApp } from '../harness.ts';

/**
 * Issue 12 §4: every anonymous answer is the same for a real and an unknown account, in content and in time.
 * Timing is compared as the median of many interleaved attempts of each kind against each other (not against
 * a clock), so a loaded machine slows both alike; before the fix a wrong password took about five times as long
 * as an unknown name (scrypt only ran for real accounts).
 */
const app = useTestApp();
const basic = `Basic ${Buffer.from('webApp:webApp').toString('base64')}`;
const rand = () => Math.random().toString(36).slice(2, 10);

function login(username: string, encryptedPassword: string) {
  return app().app.inject({
    method: 'POST',
    url: '/api/auth/oauth/token',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      username,
      password: encryptedPassword,
      grant_type: 'password',
    }).toString(),
  });
}

const post = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  app().app.inject({ method, url, payload });

async function lastCode(recipient: string) {
  const [m] = await app()
    .services.db.select()
    .from(sandboxMessages)
    .where(eq(sandboxMessages.recipient, recipient))
    .orderBy(desc(sandboxMessages.id))
    .limit(1);
  return /(\d{6})/.exec(m.body)![1];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/**
 * Times `samples` rounds of the two requests, alternating which goes first; `check` sees every reply. Returns
 * both medians in ms and the median of the rounds' ratios a/b: the two requests of a round run back to back,
 * under the same load, so that ratio stays steady on a busy machine where the medians themselves wander.
 */
async function medians(
  samples: number,
  a: () => Promise<{ json(): unknown }>,
  b: () => Promise<{ json(): unknown }>,
  check: (reply: unknown) => void,
  before: () => Promise<void> = async () => {},
) {
  const times: [number[], number[]] = [[], []];
  const run = async (which: 0 | 1) => {
    const t0 = performance.now();
    const res = await (which === 0 ? a() : b());
    times[which].push(performance.now() - t0);
    check(res.json());
  };
  for (let i = 0; i < samples + 2; i++) {
    await before();
    const order: [0 | 1, 0 | 1] = i % 2 ? [0, 1] : [1, 0];
    for (const which of order) await run(which);
    if (i < 2) for (const t of times) t.pop(); // warm-up rounds
  }
  const ratio = median(times[0].map((a, i) => a / times[1][i]));
  return { a: median(times[0]), b: median(times[1]), ratio };
}

/** A real account of its own, so locking it disturbs no other test. */
async function realUser(phone?: string) {
  const username = `enum${rand()}`;
  const [demo] = await app().services.db.select().from(users).where(eq(users.username, 'demo'));
  const [u] = await app()
    .services.db.insert(users)
    .values({
      tenantId: demo.tenantId,
      username,
      passwordHash: await hashPassword('Right@2024'),
      passwordState: 'ok',
      name: '枚举测试',
      phone: phone ?? null,
    })
    .returning({ id: users.id });
  return { username, id: u.id };
}

/** The lock time moves with the clock; everything else must match to the character. */
const withoutTime = (reply: unknown) =>
  JSON.parse(
    JSON.stringify(reply)
      .replace(/"requestId":"[^"]*"/, '"requestId":"…"')
      .replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/g, '<time>')
      .replace(/"lockedUntil":"[^"]*"/, '"lockedUntil":"<iso>"'),
  );

describe('login', () => {
  it('answers an unknown name exactly as a wrong password, through five failures and the lock', async () => {
    const real = await realUser();
    const ghost = `ghost${rand()}`;
    const wrong = app().encrypt('Wrong@2024');
    for (let attempt = 1; attempt <= 7; attempt++) {
      const a = await login(real.username, wrong);
      const b = await login(ghost, wrong);
      expect(b.statusCode, `attempt ${attempt}`).toBe(a.statusCode);
      expect(withoutTime(b.json()), `attempt ${attempt}`).toEqual(withoutTime(a.json()));
      if (attempt < 5)
        expect(a.json()).toMatchObject({ code: 'BAD_CREDENTIALS', details: { remaining: 5 - attempt } });
      else {
        expect(a.json().code).toBe('ACCOUNT_LOCKED');
        const gap = Date.parse(a.json().details.lockedUntil) - Date.parse(b.json().details.lockedUntil);
        expect(Math.abs(gap)).toBeLessThan(5_000);
      }
    }
    // The real account's lock is real: even the right password is refused until it ends.
    expect((await login(real.username, app().encrypt('Right@2024'))).json().code).toBe('ACCOUNT_LOCKED');
  });

  it('takes as long for an unknown name as for a wrong password (median of 25 each)', async () => {
    const real = await realUser();
    const wrong = app().encrypt('Wrong@2024');
    const m = await medians(
      25,
      () => login(real.username, wrong),
      () => login(`ghost${rand()}`, wrong),
      (r) => expect(r).toMatchObject({ code: 'BAD_CREDENTIALS', details: { remaining: 4 } }),
      // Every round is a first failure for both; the reset is not timed.
      async () => {
        await app().services.db.update(users).set({ failedLogins: 0 }).where(eq(users.id, real.id));
      },
    );
    console.info(
      `login medians: wrong password ${m.a.toFixed(1)} ms, unknown name ${m.b.toFixed(1)} ms, ratio ${m.ratio.toFixed(2)}`,
    );
    expect(m.ratio).toBeGreaterThan(0.5);
    expect(m.ratio).toBeLessThan(2);
  }, 120_000);

  it('refuses a NUL in the name with a 400 naming the field, not a 500', async () => {
    const res = await login('de\u0000mo', app().encrypt('Demo@123'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('username');
  });
});

describe('forgotten password', () => {
  const codeFor = async (userId: number) => {
    const rows = await app()
      .services.db.select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, userId));
    return rows.length;
  };

  it('answers an unknown name, a wrong contact, no code and a wrong code alike, and a weak password first', async () => {
    const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const real = await realUser(phone);
    const ghost = `ghost${rand()}`;
    const ask = (username: string, target: string) =>
      post('/api/admin/client/getForgetPwdCode', { username, target });
    const asks = [
      await ask(real.username, phone),
      await ask(ghost, phone),
      await ask(real.username, '13700000000'),
    ];
    for (const r of asks) {
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual(asks[0].json());
    }
    expect(await codeFor(real.id)).toBe(1);

    const reset = (username: string, code: string, password = 'Newpass@2024') =>
      post('/api/admin/client/forgetPwd', { username, code, password: app().encrypt(password) }, 'PUT');
    const code = await lastCode(phone);
    const wrongCode = code === '000000' ? '111111' : '000000';

    // The weak-password answer comes before the account is looked at: the same for everyone.
    const weakReal = await reset(real.username, code, 'short');
    const weakGhost = await reset(ghost, code, 'short');
    expect(weakReal.json()).toMatchObject({ status: 400, code: 'PASSWORD_WEAK' });
    expect(withoutTime(weakGhost.json())).toEqual(withoutTime(weakReal.json()));

    const other = await realUser(); // a real account that was never sent a code (wrong contact)
    const refusals = [
      await reset(ghost, code),
      await reset(other.username, code),
      await reset(real.username, wrongCode),
    ];
    for (const r of refusals) {
      expect(r.statusCode).toBe(400);
      expect(withoutTime(r.json())).toEqual(withoutTime(refusals[0].json()));
    }
    expect(refusals[0].json()).toMatchObject({
      code: 'CODE_INVALID',
      message: '验证码不正确或已失效，请重新获取',
    });
    // The right code still works after one wrong guess, and only once.
    expect((await reset(real.username, code)).statusCode).toBe(200);
    expect(withoutTime((await reset(real.username, code)).json())).toEqual(withoutTime(refusals[0].json()));
  });

  it('checks a code as long for an unknown name as for a wrong code (median of 31 each)', async () => {
    const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const real = await realUser(phone);
    await post('/api/admin/client/getForgetPwdCode', { username: real.username, target: phone });
    expect(await codeFor(real.id)).toBe(1);
    const password = app().encrypt('Newpass@2024');
    const [row] = await app()
      .services.db.select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, real.id));
    const wrong = (await lastCode(phone)) === '000000' ? '111111' : '000000';
    const m = await medians(
      31,
      () => post('/api/admin/client/forgetPwd', { username: real.username, code: wrong, password }, 'PUT'),
      () => post('/api/admin/client/forgetPwd', { username: `ghost${rand()}`, code: wrong, password }, 'PUT'),
      (r) => expect(r).toMatchObject({ code: 'CODE_INVALID' }),
      // Keep the real code live and unburnt, so every round compares a wrong guess with an unknown name.
      async () => {
        await app()
          .services.db.update(verificationCodes)
          .set({ attempts: 0 })
          .where(eq(verificationCodes.id, row.id));
      },
    );
    console.info(
      `forgetPwd medians: wrong code ${m.a.toFixed(1)} ms, unknown name ${m.b.toFixed(1)} ms, ratio ${m.ratio.toFixed(2)}`,
    );
    expect(m.ratio).toBeGreaterThan(0.5);
    expect(m.ratio).toBeLessThan(2);
  }, 120_000);
});

describe('registration', () => {
  it('sends a sign-up code alike to the mobile of an existing company and to a new one', async () => {
    const existing = await post('/api/admin/register/getCode', { contactPhone: '13900000001' });
    const fresh = await post('/api/admin/register/getCode', { contactPhone: '13612345678' });
    expect(existing.statusCode).toBe(200);
    expect(Object.keys(existing.json())).toEqual(Object.keys(fresh.json()));
    expect(existing.json()).toMatchObject({ sent: true, channel: 'sms', maskedTarget: '139****0001' });
  });

  it('answers a taken username and a taken company as it answers a new company', async () => {
    const phones = ['13688880001', '13688880002', '13688880003'];
    const answers = [];
    for (const [i, over] of [{ username: 'demo' }, { creditCode: '91310115MA1K4GDM05' }, {}].entries()) {
      await post('/api/admin/register/getCode', { contactPhone: phones[i] });
      const res = await post('/api/admin/register', {
        companyName: '枚举测试有限公司',
        creditCode: newCreditCode(),
        contactName: '钱七',
        contactPhone: phones[i],
        username: `n${rand()}`,
        password: app().encrypt('Enum@2024'),
        code: await lastCode(phones[i]),
        ...over,
      });
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    const masked = (a: { maskedTarget: string }) => ({ ...a, maskedTarget: a.maskedTarget.slice(0, 7) });
    expect(masked(answers[0])).toEqual(masked(answers[2]));
    expect(masked(answers[1])).toEqual(masked(answers[2]));
  });

  it('refuses a NUL in any anonymous name field with a 400, not a 500', async () => {
    const register = {
      companyName: '空字符测试有限公司',
      creditCode: newCreditCode(),
      contactName: '孙八',
      contactPhone: '13688880009',
      username: `nul${rand()}`,
      password: app().encrypt('Nul@20240'),
      code: '123456',
    };
    const reset = { username: 'demo', code: '123456', password: app().encrypt('Nul@20240') };
    for (const [url, body, method] of [
      ['/api/admin/register', { ...register, username: 'de\u0000mo' }, 'POST'],
      ['/api/admin/register', { ...register, companyName: '空\u0000字符' }, 'POST'],
      ['/api/admin/client/getForgetPwdCode', { username: 'de\u0000mo', target: '13900000001' }, 'POST'],
      ['/api/admin/client/getForgetPwdCode', { username: 'demo', target: '1390\u00000001' }, 'POST'],
      ['/api/admin/client/forgetPwd', { ...reset, username: 'de\u0000mo' }, 'PUT'],
    ] as const) {
      const res = await post(url, body, method);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().code, url).not.toBe('CODE_INVALID');
    }
  });
});

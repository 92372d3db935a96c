import { CJK_RE } from '@fpy/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedInvoiceDemo } from '../../src/seed/invoice-demo.ts';
import { type TestApp, useTestApp } from '../harness.ts';
import { type Accounts, accounts } from './accounts.ts';
import type { GenContext } from './arbitraries.ts';
import { collectIds, contextOf } from './ids.ts';
import { routeName, SKIPPED, WALK_TIMEOUT, Walk } from './walk.ts';

/**
 * Issue 13 §3: every route of the OpenAPI document, hit with the attack walk's fixed hostile cases by the
 * tenant administrator and the anonymous caller with `Accept-Language: en`, answers no refusal whose `message`
 * holds a CJK character. Values quoted back from the input ("…") are the caller's own text and are left out.
 */
const app = useTestApp();
let walk: Walk;
let who: Accounts;
let ctx: GenContext;
const chinese: string[] = [];

/** The same app, every request asking for English the way a browser does. */
function inEnglish(t: TestApp): TestApp {
  const inject = t.app.inject.bind(t.app);
  const english = new Proxy(t.app, {
    get(target, key) {
      if (key === 'inject')
        return (opts: { headers?: Record<string, string> }) =>
          inject({ ...opts, headers: { ...opts.headers, 'accept-language': 'en-US,en;q=0.9' } } as never);
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  return { ...t, app: english } as TestApp;
}

beforeAll(async () => {
  const t = app();
  await seedInvoiceDemo(t.services.db, 'demo');
  walk = await Walk.open(inEnglish(t));
  who = await accounts(t);
  ctx = contextOf(await collectIds(walk, who.demo), who.protectedIds, {}, t.encrypt);
});

const check = (route: string) => (r: { status: number; json?: unknown }, label: string) => {
  const message = (r.json as { message?: unknown } | undefined)?.message;
  if (r.status < 400 || typeof message !== 'string') return;
  const own = message.replace(/"[^"]*"/g, '""');
  if (CJK_RE.test(own)) chinese.push(`${route} (${label}) → ${r.status} ${message}`);
};

describe('attack walk in English', () => {
  it(
    'answers every refusal of every route without Chinese in the message',
    async () => {
      const ops = walk.ops.filter((op) => !SKIPPED[routeName(op)]);
      for (const op of ops) {
        await walk.attack(op, who.anonymous, ctx, check(routeName(op)), { fixed: false, samples: 1 });
        if (op.permission !== 'public')
          await walk.attack(op, who.demo, ctx, check(routeName(op)), { samples: 1 });
      }
      console.log(`${walk.summary()} [Accept-Language: en], ${chinese.length} Chinese messages`);
      expect(walk.routes.size).toBe(ops.length);
      expect(chinese.slice(0, 40).join('\n')).toBe('');
    },
    WALK_TIMEOUT * 2,
  );
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import {
  serverCrossings,
  serverTwoWayPairs,
  webCrossings,
  webHandWrittenCalls,
  webPhoneCrossings,
  webPublicCrossings,
} from './boundaries.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('web import boundaries (architecture.md: a feature never imports another feature)', () => {
  test('no feature imports another, entities/, lib/, crud/, shell/ never import features/, nothing imports app/', () => {
    expect(webCrossings(root)).toEqual([]);
  });

  // Issue 29 §6: they ship on their own (the login bundle, the phone entries) and must not pull the console in.
  test('public/ and the phone pages (phone/) never import features/ or app/', () => {
    expect(webPublicCrossings(root)).toEqual([]);
  });

  // The phone kit (issue 29 §1): a phone downloads its family and the kit, nothing of the console.
  test('phone/ imports only phone/ and packages, the console packages (antd, router, i18next, …) as types only', () => {
    expect(webPhoneCrossings(root)).toEqual([]);
  });

  test('the server is called only through call(contract): no /api literal or http.* outside lib/http*', () => {
    expect(webHandWrittenCalls(root)).toEqual([]);
  });
});

// The server side reached 0 crossings with issue 13 (modules/<area>/<domain>, entered through index.ts).
describe('server import boundaries (a module is entered only through its index.ts)', () => {
  test("no module imports another module's files other than its index.ts", () => {
    expect(serverCrossings(root)).toEqual([]);
  });

  // Issue 29 §6: the module that reacts depends on the one that acts, never both ways (a hook or an event goes
  // back); the registry (files directly under modules/) imports every module, so no module imports it.
  test('no two modules import each other, and no module imports the registry', () => {
    expect(serverTwoWayPairs(root)).toEqual([]);
  });
});

describe('the walkers catch what they are meant to', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'boundaries-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const put = (path, text) => {
    mkdirSync(dirname(join(tmp, path)), { recursive: true });
    writeFileSync(join(tmp, path), text);
  };
  put(
    'apps/web/src/features/sales/a/page.tsx',
    "import { x } from '../b/x.ts';\nimport { y } from './y.ts';",
  );
  put('apps/web/src/features/sales/a/y.ts', "export const y = fetchIt('/api/a/y');");
  put(
    'apps/web/src/features/sales/b/x.ts',
    "const p = import('../../platform/c/z.ts');\nexport const x = `/api/b`;",
  );
  put(
    'apps/web/src/features/platform/c/z.ts',
    "import { http } from '../../../lib/http.ts';\nhttp.get<Z>(u);",
  );
  put(
    'apps/web/src/features/sales/a/page.test.ts',
    "import { x } from '../b/x.ts';\nconst u = '/api/test-only';",
  );
  put('apps/web/src/entities/invoice/money.ts', "export * from '../../features/sales/a/y.ts';");
  put(
    'apps/web/src/lib/format.ts',
    "import { fen } from '../entities/invoice/money.ts';\nconst img = '/uploads/a.png';",
  );
  put('apps/web/src/lib/http.ts', "export const http = {}; const u = '/api/x';");
  put(
    'apps/server/src/modules/sales/a/routes.ts',
    "import { s } from '../b/store.js';\nimport { i } from '../b/index.ts';",
  );
  put('apps/server/src/modules/sales/b/store.ts', "import { r } from './inner/r.ts';");
  put('apps/server/src/modules/sales/b/index.ts', "export * from './store.ts';");
  put('apps/server/src/modules/sales/b/inner/r.ts', "import { t } from '../../../platform/c';");
  put('apps/server/src/modules/platform/c/index.ts', 'export const t = 1;');

  test('web: feature → feature (static and dynamic), entity → feature, lib → entity; tests are skipped', () => {
    expect(webCrossings(tmp).sort()).toEqual(
      [
        'apps/web/src/features/sales/a/page.tsx → apps/web/src/features/sales/b/x.ts',
        'apps/web/src/features/sales/b/x.ts → apps/web/src/features/platform/c/z.ts',
        'apps/web/src/entities/invoice/money.ts → apps/web/src/features/sales/a/y.ts',
        'apps/web/src/lib/format.ts → apps/web/src/entities/invoice/money.ts',
      ].sort(),
    );
  });

  test('web: /api literals in quotes or backticks and http.* calls, outside lib/http* and tests', () => {
    expect(webHandWrittenCalls(tmp).sort()).toEqual(
      [
        'apps/web/src/features/sales/a/y.ts:1 hand-written /api address',
        'apps/web/src/features/sales/b/x.ts:2 hand-written /api address',
        'apps/web/src/features/platform/c/z.ts:2 untyped http.* call',
      ].sort(),
    );
  });

  test('server: another module only through its index.ts (a folder import resolves to it)', () => {
    expect(serverCrossings(tmp)).toEqual([
      'apps/server/src/modules/sales/a/routes.ts → apps/server/src/modules/sales/b/store.ts',
    ]);
  });
});

// Issue 29 §6 walkers, on a tree of their own so the cases above keep their exact lists.
describe('the upward-arrow and two-way walkers catch what they are meant to', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'boundaries-29-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const put = (path, text) => {
    mkdirSync(dirname(join(tmp, path)), { recursive: true });
    writeFileSync(join(tmp, path), text);
  };
  put('apps/web/src/app/console-routes.ts', "import { r } from '../features/sales/a/routes.ts';");
  put('apps/web/src/features/sales/a/routes.ts', "import type { R } from '../../../app/route-type.ts';");
  put('apps/web/src/public/landing.tsx', "import { f } from '../app/console-routes.ts';");
  put('apps/web/src/public/login/page.tsx', "import { t } from '../../shell/theme.ts';");
  put(
    'apps/web/src/phone/kit/layout.tsx',
    "import { l } from '../../lib/format.ts';\nimport { Button } from 'antd';",
  );
  put(
    'apps/web/src/phone/kit/http.ts',
    "import type { RouteContract } from '@fpy/contracts';\nimport type { z } from 'zod';",
  );
  put(
    'apps/web/src/phone/scan/page.tsx',
    "import { x } from '../../app/providers.tsx';\nimport { y } from '../kit/layout.tsx';\nimport {\n  a,\n} from '@fpy/contracts';",
  );
  put(
    'apps/web/src/phone/scan/load.ts',
    "const p = import('../../features/sales/a/routes.ts');\nconst q = import('zod');",
  );
  put(
    'apps/web/src/phone/scan/entry.ts',
    "import { PHONE } from '@fpy/contracts/phone-entries';\nimport { h } from 'react';",
  );
  put('apps/web/src/phone/scan/page.test.tsx', "import { x } from '../../features/sales/a/routes.ts';");
  put(
    'apps/server/src/modules/index.ts',
    "import { a } from './sales/a/index.ts';\nimport { b } from './sales/b/index.ts';",
  );
  put('apps/server/src/modules/shared-types.ts', 'export type T = 1;');
  put('apps/server/src/modules/sales/a/index.ts', "import type { T } from '../../shared-types.ts';");
  put('apps/server/src/modules/sales/b/index.ts', "import { c } from '../c/index.ts';");
  put('apps/server/src/modules/sales/c/hooks.ts', "import type { B } from '../b/index.ts';");
  put('apps/server/src/modules/sales/c/index.ts', "export * from './hooks.ts';");
  put('apps/server/src/modules/platform/d/index.ts', "import { c } from '../../sales/c/index.ts';");

  test('web: a feature importing app/ is an upward arrow', () => {
    expect(webCrossings(tmp)).toEqual([
      'apps/web/src/features/sales/a/routes.ts → apps/web/src/app/route-type.ts',
    ]);
  });

  test('web: public/ and phone/ → features/ or app/ (static and dynamic); lib/ and shell/ pass', () => {
    expect(webPublicCrossings(tmp).sort()).toEqual(
      [
        'apps/web/src/public/landing.tsx → apps/web/src/app/console-routes.ts',
        'apps/web/src/phone/scan/load.ts → apps/web/src/features/sales/a/routes.ts',
        'apps/web/src/phone/scan/page.tsx → apps/web/src/app/providers.tsx',
      ].sort(),
    );
  });

  test('web: phone/ → outside phone/, and console packages imported as values (types and light subpaths pass)', () => {
    expect(webPhoneCrossings(tmp).sort()).toEqual(
      [
        'apps/web/src/phone/kit/layout.tsx → apps/web/src/lib/format.ts',
        'apps/web/src/phone/kit/layout.tsx → antd (value import)',
        'apps/web/src/phone/scan/page.tsx → apps/web/src/app/providers.tsx',
        'apps/web/src/phone/scan/page.tsx → @fpy/contracts (value import)',
        'apps/web/src/phone/scan/load.ts → apps/web/src/features/sales/a/routes.ts',
        'apps/web/src/phone/scan/load.ts → zod (value import)',
      ].sort(),
    );
  });

  test('server: two-way pairs, through index.ts or not, and a module importing the registry', () => {
    expect(serverTwoWayPairs(tmp)).toEqual([
      'apps/server/src/modules ⇄ apps/server/src/modules/sales/a',
      'apps/server/src/modules/sales/b ⇄ apps/server/src/modules/sales/c',
    ]);
  });
});

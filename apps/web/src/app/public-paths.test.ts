import { describe, expect, test } from 'vitest';
import { isPublicPath } from './public-paths.ts';

describe('public route list (spec §2)', () => {
  test.each([
    '/',
    '/login',
    '/register',
    '/forgetPwd',
    '/cloudConsole',
    '/authredirect',
    '/404',
    '/401',
    '/login/',
  ])('%s is public', (path) => expect(isPublicPath(path)).toBe(true));
  test.each([
    '/selfHelpPrint',
    '/selfHelpPrint/sweepCode',
    '/allEleInvoiceScan',
    '/allEleAnything/deeper',
    '/invoice/QRCode',
  ])('%s is public', (path) => expect(isPublicPath(path)).toBe(true));
  test.each(['/dashboard', '/orgManager/userManager', '/selfHelpPrint/a1', '/selfHelpPrint/a/b', '/xallEle'])(
    '%s needs a login',
    (path) => expect(isPublicPath(path)).toBe(false),
  );
});

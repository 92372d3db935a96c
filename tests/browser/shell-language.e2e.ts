import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch, login, type Session } from './helpers.ts';

describe('language', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterAll(async () => {
    await s?.close();
  });

  test('switching to English survives a reload, menus included', async () => {
    await login(s.page, 'demo', 'Demo@123');
    await expect(s.page.locator('.console-sidebar').textContent()).resolves.toContain('组织管理');

    await s.page.locator('.console-navbar .language-switch').click();
    await s.page.getByRole('menuitem', { name: 'English' }).click();
    await s.page.locator('.console-sidebar', { hasText: 'Organisation' }).waitFor();

    await s.page.reload();
    await s.page.locator('.console-sidebar', { hasText: 'Organisation' }).waitFor();
    await expect(s.page.locator('.console-sidebar').textContent()).resolves.toContain('Dashboard');
    await expect(s.page.locator('html').getAttribute('lang')).resolves.toBe('en');

    // Invoice types are named in English too (the domain's Chinese label is for the invoice face only).
    await s.page.goto('/outputInvoiceManager/invoicePrint');
    const typeCells = s.page.locator('.ant-table-tbody td', { hasText: /^Digital invoice \(/ });
    await typeCells.first().waitFor();
    await expect(s.page.locator('.ant-table-tbody').textContent()).resolves.not.toMatch(/数电发票/);

    // The public pages follow the same choice.
    await s.page.locator('.avatar-menu').click();
    await s.page.getByRole('menuitem', { name: 'Log out' }).click();
    await s.page.waitForURL((url) => url.pathname === '/login');
    await s.page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });
});

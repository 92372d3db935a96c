import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { LOGIN_BUDGET_KB, weighPage } from '../../scripts/bench/bundle-size.ts';
import { launch, login, type Session, screenshotOnFailure } from './helpers.ts';

/**
 * Issue 28 §11: the first page every visitor downloads carries no table, chart, editor or antd component code —
 * its JavaScript and CSS stay within half of vue-element-admin's (≤ 196 KB gzip), weighed as the bench does.
 */
describe('login page', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'login-budget'));
  afterAll(async () => {
    await s?.close();
  });

  test(`loads at most ${LOGIN_BUDGET_KB} KB of gzip JavaScript and CSS`, async () => {
    const weight = await weighPage(s.page, '/login');
    console.log(`/login: ${weight.gzipKB} KB gzip (JS ${weight.jsGzipKB} + CSS ${weight.cssGzipKB})`);
    // The form is really there (a blank page would weigh little too).
    await s.page.locator('form[name="login"] #login-username').waitFor();
    expect(weight.jsGzipKB).toBeGreaterThan(50);
    expect(weight.gzipKB).toBeLessThanOrEqual(LOGIN_BUDGET_KB);
  });

  test('the plain controls behave as the antd ones did: required marks, the eye, the language toggle', async () => {
    const { page } = s;
    await page.goto('/login');
    await page.locator('form[name="login"] button[type="submit"]').click();
    await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual(['请输入账号', '请输入密码']);
    const password = page.locator('#login-password');
    await password.fill('secret');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: '显示密码' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: '隐藏密码' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    // antd spaces a two-character Chinese label; the plain button does the same.
    expect(await page.locator('form[name="login"] button[type="submit"]').textContent()).toBe('登 录');

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.locator('form[name="login"] button[type="submit"]').textContent()).toBe('Log in');
    await page.getByRole('button', { name: '简体中文' }).click();
    await page.getByRole('heading', { name: '账号登录' }).waitFor();
  });

  test('logging in still reaches the console', async () => {
    await login(s.page, 'demo', 'Demo@123');
    expect(new URL(s.page.url()).pathname).not.toBe('/login');
  });
});

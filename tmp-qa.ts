import { launch, login, sidebarPaths } from './tests/browser/helpers.ts';
const lang = process.argv[2] ?? 'zh';
const s = await launch();
const { page, context } = s;
if (lang === 'en') await context.addCookies([{ name: 'language', value: 'en', url: process.env.E2E_BASE_URL! }]);
const errors: string[] = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(`[console] ${page.url()} ${m.text().slice(0, 200)}`); });
page.on('pageerror', (e) => errors.push(`[pageerror] ${page.url()} ${e.message.slice(0, 200)}`));
page.on('response', (r) => { if (r.status() >= 400 && r.url().includes('/api/')) errors.push(`[http ${r.status()}] ${page.url()} ${r.request().method()} ${r.url()}`); });
await login(page, 'demo', 'Demo@123');
const paths = await sidebarPaths(page);
console.log(paths.length, 'menu entries');
let i = 0;
for (const p of paths) {
  await page.goto(p);
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(300);
  const name = `${lang}-${String(++i).padStart(2, '0')}-${p.replace(/\//g, '_')}.png`;
  await page.screenshot({ path: `/tmp/qa/${name}` });
  const zhLeak = lang === 'en' ? await page.evaluate(() => {
    const t = document.querySelector('main, .ant-layout-content')?.textContent ?? '';
    return (t.match(/[\u4e00-\u9fff]+/g) ?? []).slice(0, 8).join(' ');
  }) : '';
  console.log(name, zhLeak ? `zh text: ${zhLeak}` : '');
}
console.log(errors.join('\n'));
await s.close();

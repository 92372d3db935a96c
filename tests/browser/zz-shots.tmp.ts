import { launch, login } from './helpers.ts';
const s = await launch();
const errors: string[] = [];
s.page.on('console', (m) => {
  if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text().slice(0, 300)}`);
});
s.page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
const shot = async (name: string, ms = 1500) => {
  await s.page.waitForTimeout(ms);
  await s.page.screenshot({ path: `/tmp/w1/shots/${name}.png` });
};
await s.page.goto('/login');
await s.page.getByRole('button', { name: 'English' }).click();
await shot('login-en', 500);
await login(s.page, 'brand', 'Brand@123');
await shot('dashboard-en');
await s.page.goto('/individuation');
await shot('individuation-en');
await s.page.goto('/companyCenter');
await shot('company-en');
await s.page.locator('.console-navbar .anticon-bg-colors').click();
await shot('theme', 500);
await s.page.locator('.ant-popover .ant-switch').click();
await shot('dark', 1000);
console.log(errors.join('\n'));
console.log(await s.page.title());
await s.close();

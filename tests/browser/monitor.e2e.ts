import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launch, login, type Session, screenshotOnFailure, sidebarPaths } from './helpers.ts';

/**
 * 服务监控 (issue 32 §3): the platform operator sees the running instance in 服务注册 and its samples charted in
 * 服务指标; 任务管理 shows the scheduled tasks in its 定时任务 tab.
 */
describe('服务监控: the running fleet', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
  });
  afterEach(screenshotOnFailure(() => s?.page, 'monitor'));
  afterAll(async () => {
    await s?.close();
  });

  test('instances, metrics and schedules', async () => {
    const { page } = s;
    await login(page, 'admin', 'Admin@123');
    const paths = await sidebarPaths(page);
    expect(paths).toContain('/monitorManager/serviceEurekaManager');
    await page.goto('/monitorManager/serviceEurekaManager');
    const self = page
      .getByTestId('instances-table')
      .locator('.ant-table-row')
      .filter({ hasText: '当前实例' });
    await self.waitFor();
    await page.goto('/monitorManager/serviceMonitorManager');
    await page.getByTestId('chart-rssMb').locator('canvas').waitFor();
    await page.goto('/baseManager/jobManager');
    await page.locator('.ant-tabs-tab').filter({ hasText: '定时任务' }).click();
    await page.locator('.ant-table-row').filter({ hasText: 'outbox.sweep' }).waitFor();
  });
});

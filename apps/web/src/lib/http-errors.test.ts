import i18n from 'i18next';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import zh from './locales/zh.ts';

const fake = vi.hoisted(() => ({
  message: { warning: vi.fn(), error: vi.fn() },
  notification: { warning: vi.fn() },
  modal: { confirm: vi.fn() },
}));
vi.mock('./feedback.ts', () => ({ loadFeedback: async () => fake }));
vi.mock('./session.ts', () => ({ clearSession: vi.fn() }));

const { showApiError } = await import('./http-errors.ts');
const { ApiError } = await import('./http.ts');
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeAll(async () => {
  await i18n.init({ lng: 'zh', resources: { zh: { translation: zh } }, showSupportNotice: false });
});
beforeEach(() => vi.clearAllMocks());

describe('error catalogue (spec §8)', () => {
  test('HTTP 400 shows the server message as a warning', async () => {
    showApiError(new ApiError(400, 400, 'V', '名称不能为空'), true);
    await settle();
    expect(fake.message.warning).toHaveBeenCalledWith('名称不能为空');
  });

  test('HTTP 403 is a 禁止 notification for 2 seconds', async () => {
    showApiError(new ApiError(403, 40301, 'F', '无权限'), true);
    await settle();
    expect(fake.notification.warning).toHaveBeenCalledWith({
      title: '禁止',
      description: '无权限',
      duration: 2,
    });
  });

  test('body status 30101 is a 失败 notification for 2 seconds', async () => {
    showApiError(new ApiError(409, 30101, 'B', '发票已开具'), true);
    await settle();
    expect(fake.notification.warning).toHaveBeenCalledWith({
      title: '失败',
      description: '发票已开具',
      duration: 2,
    });
  });

  test('anything else is an error toast for 5 seconds', async () => {
    showApiError(new ApiError(500, 500, 'I', '服务异常'), true);
    await settle();
    expect(fake.message.error).toHaveBeenCalledWith('服务异常', 5);
  });

  test('several 401s at once raise one logged-out dialog', async () => {
    showApiError(new ApiError(401, 40101, 'T', 'x'), true);
    showApiError(new ApiError(200, 40101, 'T', 'x'), true);
    await settle();
    expect(fake.modal.confirm).toHaveBeenCalledTimes(1);
    const config = fake.modal.confirm.mock.calls[0][0];
    expect(config).toMatchObject({
      content: '你已被登出，可以取消继续留在该页面，或者重新登录',
      okText: '重新登录',
      cancelText: '取消',
      keyboard: false,
    });
  });
});

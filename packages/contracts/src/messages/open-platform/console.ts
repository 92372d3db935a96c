import type { MessageText } from '../text.ts';

/** Issue 32, lane CONSOLE: what the open platform's management pages answer (each names its field). */
export const openConsoleMessages = {
  OPEN_DEVELOPER_UNKNOWN: {
    zh: '开发者不存在（ID：{id}），请重新选择',
    en: 'Developer: no developer has the id {id}; please choose again',
  },
  OPEN_DEVELOPER_DISABLED: {
    zh: '开发者“{name}”已停用，不能为其新建应用',
    en: 'Developer “{name}” is disabled; no app can be created for it',
  },
  OPEN_DEVELOPER_TENANT: {
    zh: '企业自建开发者须选择所属企业；服务商（ISV）不属于任何企业',
    en: 'An enterprise developer needs its company; an ISV belongs to no company',
  },
  OPEN_TENANT_UNKNOWN: {
    zh: '企业不存在（ID：{id}），请重新选择',
    en: 'Company: no company has the id {id}; please choose again',
  },
  OPEN_CLIENT_UNKNOWN: {
    zh: 'OAuth客户端“{clientId}”不存在，请重新填写',
    en: 'OAuth client: there is no client “{clientId}”; please check it',
  },
  OPEN_APP_UNKNOWN: {
    zh: '应用不存在（ID：{id}），请重新选择',
    en: 'App: no app has the id {id}; please choose again',
  },
  OPEN_LICENSE_NOT_ISV: {
    zh: '只能授权启用中的服务商（ISV）应用，企业自建应用无需授权',
    en: 'Only an enabled ISV app can be authorised; an enterprise’s own app needs no licence',
  },
  OPEN_LICENSE_EXISTS: {
    zh: '已授权过该应用（ID：{id}），请在列表中修改或恢复该授权',
    en: 'The app {id} is already authorised; edit or restore that licence in the list',
  },
  OPEN_EXPIRY_PAST: {
    zh: '到期时间须晚于当前时间',
    en: 'The expiry must lie in the future',
  },
  OPEN_LIMIT_TARGET: {
    zh: '限流对象与维度不符：{reason}',
    en: 'The limit’s target does not fit its scope: {reason}',
  },
  OPEN_OPERATION_UNKNOWN: {
    zh: '接口“{operation}”不存在',
    en: 'There is no open API “{operation}”',
  },
  OPEN_CONSOLE_CLIENT: {
    zh: '控制台自身的客户端（webApp）不能停用，也不能取消密码模式，否则无人能够登录',
    en: 'The console’s own client (webApp) cannot be disabled or lose the password grant: nobody could log in',
  },
  OPEN_CONSOLE_CLIENT_SECRET: {
    zh: '控制台自身的客户端（webApp）的密钥内置在控制台中，不能重置',
    en: 'The console’s own client (webApp) has its secret built into the console; it cannot be reset',
  },
  OPEN_CLIENT_ID_FIXED: {
    zh: '客户端ID创建后不能修改',
    en: 'A client id cannot change once created',
  },
  OPEN_DEVICE_UNBOUND: {
    zh: '设备已解绑，不能再修改；如需重新绑定请新建绑定',
    en: 'The device is unbound and can no longer be edited; create a new binding to bind it again',
  },
} as const satisfies Record<string, MessageText>;

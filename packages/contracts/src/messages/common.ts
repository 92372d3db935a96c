import type { MessageText } from './text.ts';

/** Refusals of the request itself: access, sessions, limits, generic records. */
export const commonMessages = {
  NOT_FOUND: { zh: '记录不存在', en: 'The record does not exist' },
  ROUTE_NOT_FOUND: { zh: '接口不存在：{method} {path}', en: 'No such endpoint: {method} {path}' },
  FORBIDDEN: { zh: '没有权限执行此操作', en: 'You do not have permission to do this' },
  'FORBIDDEN.permission': { zh: '没有权限：{codes}', en: 'No permission: {codes}' },
  'FORBIDDEN.platform_admin': {
    zh: '仅平台管理员可执行此操作',
    en: 'Only a platform administrator can do this',
  },
  CSRF_REJECTED: {
    zh: '请求来源无法验证，请在控制台页面内操作',
    en: 'The origin of this request cannot be verified; please use the console',
  },
  TOKEN_INVALID: { zh: '登录已失效，请重新登录', en: 'Your session has expired; please log in again' },
  TOKEN_MISSING: { zh: '请先登录', en: 'Please log in first' },
  CLIENT_INVALID: { zh: '客户端凭证无效', en: 'Invalid client credentials' },
  RATE_LIMITED: { zh: '操作过于频繁，请稍后再试', en: 'Too many requests; please try again later' },
  'RATE_LIMITED.codes_today': {
    zh: '今日验证码发送次数已达上限，请明天再试',
    en: 'The daily limit of verification codes has been reached; please try again tomorrow',
  },
  TENANT_REQUIRED: { zh: '请选择所属企业', en: 'Please choose the company' },
  'TENANT_REQUIRED.invoicing': {
    zh: '平台账号不能开具发票',
    en: 'A platform account cannot issue invoices',
  },
  'TENANT_REQUIRED.seal': {
    zh: '平台账号没有发票专用章，请以企业账号操作',
    en: 'A platform account has no invoice seal; please use a company account',
  },
  INTERNAL_ERROR: {
    zh: '服务器内部错误，请联系管理员（请求编号 {requestId}）',
    en: 'Internal server error; please contact the administrator (request ID {requestId})',
  },
  PAYLOAD_TOO_LARGE: { zh: '请求内容过大', en: 'The request is too large' },
  BAD_REQUEST: { zh: '请求不合法', en: 'Invalid request' },
  'BAD_REQUEST.media_type': { zh: '不支持的请求内容类型', en: 'Unsupported content type' },
  'BAD_REQUEST.json': { zh: '请求体不是合法的 JSON', en: 'The request body is not valid JSON' },
  DUPLICATE: { zh: '该记录已存在', en: 'This record already exists' },
  'DUPLICATE.field': { zh: '{label}已存在', en: '{label} already exists' },
  'DUPLICATE.value': { zh: '{label}“{value}”已存在', en: '{label} "{value}" already exists' },
  EXPORT_TOO_LARGE: {
    zh: '导出数据共 {total} 行，超过 {max} 行上限，请缩小查询范围后再导出',
    en: 'The export has {total} rows, more than the limit of {max}; please narrow the query and export again',
  },
  'EXPORT_TOO_LARGE.filter': {
    zh: '导出不能超过{max}条，请先筛选',
    en: 'An export cannot exceed {max} rows; please filter first',
  },
  'EXPORT_TOO_LARGE.narrow': {
    zh: '一次最多导出 {max} 条，请缩小筛选范围',
    en: 'At most {max} rows can be exported at once; please narrow the filters',
  },
  DICT_TYPE_IN_USE: {
    zh: '该字典类型下还有 {count} 个字典项，请先删除字典项',
    en: 'This dictionary type still has {count} items; delete them first',
  },
  DICT_TYPE_NOT_FOUND: { zh: '字典类型不存在', en: 'The dictionary type does not exist' },
  POSITION_IN_USE: {
    zh: '该岗位下还有 {count} 名用户，请先调整这些用户的岗位',
    en: 'This position still has {count} users; move them to another position first',
  },
} as const satisfies Record<string, MessageText>;

import type { MessageText } from './text.ts';

/** 400 VALIDATION_FAILED: the schema's problem and the field it concerns, both already in the user's language. */
export const validationMessages = {
  VALIDATION_FAILED: { zh: '{problem}（字段 {field}）', en: '{problem} (field {field})' },
  /** A row of an import: the problem alone, the row number is added by the report. */
  'VALIDATION_FAILED.row': { zh: '{problem}', en: '{problem}' },
  'VALIDATION_FAILED.name_too_long': {
    zh: '第{row}行：商品名称不能超过200个字符',
    en: 'Row {row}: the item name must not exceed 200 characters',
  },
  'VALIDATION_FAILED.rows_not_in_task': {
    zh: '字段 rows 不合法：第 {row} 行不属于该任务',
    en: 'Field rows is invalid: row {row} does not belong to this task',
  },
  'VALIDATION_FAILED.name_empty': {
    zh: '字段 name 不合法：商品名称不能为空',
    en: 'Field name is invalid: the item name must not be empty',
  },
  AMOUNT_OUT_OF_RANGE: { zh: '{problem}', en: '{problem}' },
  PASSWORD_WEAK: { zh: '{problem}', en: '{problem}' },
} as const satisfies Record<string, MessageText>;

/** Where in the request a field sits, named when the problem concerns the whole part. */
export const REQUEST_PARTS = {
  query: { zh: '查询参数', en: 'query parameters' },
  body: { zh: '请求体', en: 'request body' },
  params: { zh: '路径参数', en: 'path parameters' },
} as const satisfies Record<string, MessageText>;

/** The password rule's problems (packages/domain passwordProblem), in English. */
export const PASSWORD_PROBLEMS_EN: Readonly<Record<string, string>> = {
  密码至少8位: 'The password needs at least 8 characters',
  密码不能超过64位: 'The password must not exceed 64 characters',
  密码须同时包含字母和数字: 'The password must contain both letters and digits',
};

import { idSchema } from '@fpy/contracts';
import { z } from 'zod';
import { defineResource } from '../../define.ts';

const limit = (label: string) =>
  z.coerce
    .number({ error: `${label}须为整数` })
    .int(`${label}须为整数`)
    .min(0, `${label}不能小于0（0为不限制）`)
    .max(1_000_000, `${label}不能大于1000000`);

/**
 * 频率控制 (/smsMessage/smsControlManage): how many SMS one number may receive per minute, hour and day, and a
 * company per day. The row without a company is the platform default; a company's row overrides it whole.
 * 0 = no limit. One row per company and one default (server hook; the database's unique index ignores nulls).
 */
export const smsLimitsMeta = defineResource({
  name: 'smsLimits',
  title: { zh: '频率控制', en: 'SMS frequency limits' },
  menuCode: 'smsControlManage',
  tenantScoped: false,
  platformOnly: true,
  basePath: '/api/admin/delivery/sms-limits',
  tag: 'sms-admin',
  actions: ['list', 'get', 'create', 'update', 'delete'],
  defaultSort: 'tenantId',
  fields: {
    /** Empty = the platform default. */
    tenantId: {
      label: { zh: '企业', en: 'Company' },
      type: 'number',
      schema: idSchema.nullish().transform((v) => v ?? null),
      sortable: true,
      list: false,
      export: false,
    },
    tenantName: { label: { zh: '适用企业', en: 'Applies to' }, type: 'string', width: 220 },
    perNumberPerMinute: {
      label: { zh: '单号码每分钟', en: 'Per number / minute' },
      type: 'number',
      schema: limit('单号码每分钟上限').default(1),
    },
    perNumberPerHour: {
      label: { zh: '单号码每小时', en: 'Per number / hour' },
      type: 'number',
      schema: limit('单号码每小时上限').default(5),
    },
    perNumberPerDay: {
      label: { zh: '单号码每天', en: 'Per number / day' },
      type: 'number',
      schema: limit('单号码每天上限').default(10),
    },
    perTenantPerDay: {
      label: { zh: '企业每天', en: 'Per company / day' },
      type: 'number',
      schema: limit('企业每天上限').default(0),
    },
    updatedAt: { label: { zh: '更新时间', en: 'Updated' }, type: 'datetime', width: 170 },
  },
});

import { messageTemplates, smsControlEntries, smsLimits, smsRecharges, tenants } from '@fpy/db';
import {
  platformTemplatesMeta,
  smsControlsMeta,
  smsLimitsMeta,
  smsRechargesMeta,
  smsWhiteMeta,
} from '@fpy/resources';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { bindResource } from '../../../crud/bind.ts';
import { platformTemplateHooks, smsControlHooks, smsLimitHooks, smsWhiteHooks } from './hooks.ts';
import { tenantNameOf, userNameOf } from '../../../data/names.ts';
import { yuanText } from './money-text.ts';

/** 充值记录: read-only; the verb recharge.ts writes them. */
export const smsRechargesResource = bindResource(smsRechargesMeta, smsRecharges, {
  join: {
    table: tenants,
    on: eq(tenants.id, smsRecharges.tenantId),
    columns: { tenantName: tenants.name },
  },
  computed: {
    paidYuan: yuanText(smsRecharges.paidFen),
    createdByName: userNameOf(smsRecharges.createdBy),
  },
});

/** 黑白名单 of the platform: the entries without a company. */
export const smsControlsResource = bindResource(smsControlsMeta, smsControlEntries, {
  hooks: smsControlHooks,
  where: isNull(smsControlEntries.tenantId),
});

/**
 * 短信白名单 of a company: its 'white' entries (derive keeps new rows white); the platform-wide ones are
 * smsControlList's.
 */
export const smsWhiteResource = bindResource(smsWhiteMeta, smsControlEntries, {
  hooks: smsWhiteHooks,
  where: and(eq(smsControlEntries.kind, 'white'), isNotNull(smsControlEntries.tenantId)),
  computed: { tenantName: tenantNameOf(smsControlEntries.tenantId) },
});

/** 频率控制: the platform default (no company) and the companies' overrides. */
export const smsLimitsResource = bindResource(smsLimitsMeta, smsLimits, {
  hooks: smsLimitHooks,
  join: {
    table: tenants,
    on: eq(tenants.id, smsLimits.tenantId),
    columns: { tenantName: tenants.name },
    left: true,
  },
});

/** The platform's message templates: tenant_id null; new rows are the platform's by default. */
export const platformTemplatesResource = bindResource(platformTemplatesMeta, messageTemplates, {
  hooks: platformTemplateHooks,
  where: isNull(messageTemplates.tenantId),
});

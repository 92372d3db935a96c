import {
  getBill,
  getCodeCardPage,
  getCompanyInfo,
  getDeliverySettings,
  getEnterpriseMail,
  getInvoiceLayout,
  getSmsSignature,
  listShortLinks,
  type ShortLinkQuery,
} from '@fpy/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FormRule } from 'antd';
import i18n from 'i18next';
import type { z } from 'zod';
import { call } from '../../../lib/http.ts';

/** Every key starts with 'platSettings'; a save replaces or invalidates its own sub-key. */
export const platKeys = {
  companyInfo: ['platSettings', 'companyInfo'] as const,
  sms: ['platSettings', 'sms'] as const,
  delivery: ['platSettings', 'delivery'] as const,
  mail: ['platSettings', 'mail'] as const,
  codeCard: ['platSettings', 'codeCard'] as const,
  layout: ['platSettings', 'layout'] as const,
  links: ['platSettings', 'links'] as const,
  bill: ['platSettings', 'bill'] as const,
};

const get = <K extends readonly unknown[], R>(queryKey: K, fn: (signal: AbortSignal) => Promise<R>) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => fn(signal) });

export const companyInfoQuery = get(platKeys.companyInfo, (signal) => call(getCompanyInfo, { signal }));
export const smsSignatureQuery = get(platKeys.sms, (signal) => call(getSmsSignature, { signal }));
export const deliverySettingsQuery = get(platKeys.delivery, (signal) =>
  call(getDeliverySettings, { signal }),
);
export const enterpriseMailQuery = get(platKeys.mail, (signal) => call(getEnterpriseMail, { signal }));
export const codeCardQuery = get(platKeys.codeCard, (signal) => call(getCodeCardPage, { signal }));
export const layoutQuery = get(platKeys.layout, (signal) => call(getInvoiceLayout, { signal }));

export const shortLinksQuery = (query: ShortLinkQuery) =>
  queryOptions({
    queryKey: [...platKeys.links, query],
    queryFn: ({ signal }) => call(listShortLinks, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const billQuery = (year: number) =>
  queryOptions({
    queryKey: [...platKeys.bill, year],
    queryFn: ({ signal }) => call(getBill, { query: { year }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * A form rule from the contract's own field schema, so the page refuses what the server would (one rule, stated
 * once). Chinese shows the schema's message; English names the field, the server's reply words it exactly.
 */
export function schemaRule(schema: z.ZodType, label: string): FormRule {
  return {
    validator: (_, value: unknown) => {
      const r = schema.safeParse(value === undefined ? null : value);
      if (r.success) return Promise.resolve();
      const zh = r.error.issues[0]?.message ?? '';
      return Promise.reject(
        new Error(i18n.language?.startsWith('en') ? i18n.t('plat.invalid', { field: label }) : zh),
      );
    },
  };
}

/** A server refusal is shown by the shared client; a page only needs to stop its spinner. */
export const ignore = () => undefined;

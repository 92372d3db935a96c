import { type InvoiceCategoryOption, listInvoiceCategoryOptions } from '@fpy/contracts';
import type { TFunction } from 'i18next';
import { call } from '../../../../../lib/http.ts';

/** The company's categories; every 设置分类 invalidates ['invoicing'] (the list and this). */
export const categoryOptionsQuery = {
  queryKey: ['invoicing', 'categories'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(listInvoiceCategoryOptions, { query: {}, signal }),
  staleTime: 60_000,
};

/** A category as a select option: its name and code; a disabled one says so (found, no longer offered). */
export const categoryLabel = (t: TFunction, c: InvoiceCategoryOption) =>
  `${c.name}（${c.code}）${c.enabled ? '' : t('invoiceCategory.disabled')}`;

/** The filter's value for invoices filed under no category (the server's `categoryId=none`). */
export const UNCATEGORISED = 'none' as const;

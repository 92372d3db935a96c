import {
  applyDeductionStats,
  confirmDeductionPeriod,
  getDeductionOverview,
  getDeductionPeriod,
  getTaxPayment,
  listDeductionInvoices,
  purchaseDeductionMessages,
  selectForDeduction,
  selectForDeductionByFilter,
  undoDeductionSelection,
  undoDeductionStats,
} from '@fpy/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { type CallQuery, call } from '../../../lib/http.ts';
import i18n from '../../../lib/i18n.ts';

export type DeductionListQuery = CallQuery<typeof listDeductionInvoices>;

const all = ['purchase-deduction'] as const;
export const deductionKeys = { all };

/** While a row is 处理中 the page polls, so the bureau's answer shows without a reload. */
const POLL_MS = 2_000;

export const periodQuery = (period: string) =>
  queryOptions({
    queryKey: [...all, 'period', period],
    queryFn: ({ signal }) => call(getDeductionPeriod, { params: { period }, signal }),
    refetchInterval: (q) => (q.state.data?.pending ? POLL_MS : false),
  });

export const overviewQuery = () =>
  queryOptions({
    queryKey: [...all, 'overview'],
    queryFn: ({ signal }) => call(getDeductionOverview, { signal }),
  });

export const invoicesQuery = (q: DeductionListQuery, poll: boolean) =>
  queryOptions({
    queryKey: [...all, 'invoices', q],
    queryFn: ({ signal }) => call(listDeductionInvoices, { query: q, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? POLL_MS : false,
  });

export const taxPaymentQuery = (period: string) =>
  queryOptions({
    queryKey: [...all, 'tax-payment', period],
    queryFn: ({ signal }) => call(getTaxPayment, { query: { period }, signal }),
  });

export const select = (period: string, ids: number[]) => call(selectForDeduction, { body: { period, ids } });
export const selectByFilter = (body: { period: string; seller?: string; rate?: string }) =>
  call(selectForDeductionByFilter, { body: body as never });
export const undo = (period: string, ids: number[]) =>
  call(undoDeductionSelection, { body: { period, ids } });
export const applyStats = (period: string) => call(applyDeductionStats, { params: { period } });
export const undoStats = (period: string) => call(undoDeductionStats, { params: { period } });
/** Silent: the dialog shows a wrong password beside the field. */
export const confirmPeriod = (period: string, password: string) =>
  call(confirmDeductionPeriod, { params: { period }, body: { password }, silent: true });

export const refreshDeduction = (qc: QueryClient) => qc.invalidateQueries({ queryKey: all });

/** The server's text of a refusal code (packages/contracts messages), in the console's language. */
export function reasonText(code: string | null | undefined): string {
  if (!code) return '';
  const m = (purchaseDeductionMessages as Record<string, { zh: string; en: string } | undefined>)[code];
  if (!m) return code;
  return i18n.language === 'en' ? m.en : m.zh;
}

/** yyyyMM → 2026年11月 / 2026-11. */
export function periodLabel(period: string): string {
  return i18n.language === 'en'
    ? `${period.slice(0, 4)}-${period.slice(4)}`
    : `${period.slice(0, 4)}年${Number(period.slice(4))}月`;
}

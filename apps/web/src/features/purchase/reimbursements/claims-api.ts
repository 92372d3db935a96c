import { createExpenseClaim, getExpenseClaim, listExpenseClaims, withdrawExpenseClaim } from '@fpy/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { type CallBody, type CallQuery, call } from '../../../lib/http.ts';

export type ClaimQuery = CallQuery<typeof listExpenseClaims>;
export type ClaimBody = CallBody<typeof createExpenseClaim>;

const all = ['expense-claims'] as const;

export const claimsQuery = (q: ClaimQuery) =>
  queryOptions({
    queryKey: [...all, 'list', q],
    queryFn: ({ signal }) => call(listExpenseClaims, { query: q, signal }),
    placeholderData: keepPreviousData,
  });
export const claimQuery = (id: number) =>
  queryOptions({
    queryKey: [...all, 'one', id],
    queryFn: ({ signal }) => call(getExpenseClaim, { params: { id }, signal }),
  });

/** Silent: the drawer shows the refusal (who reimbursed the invoice and when) beside the invoices. */
export const submitClaim = (body: ClaimBody) => call(createExpenseClaim, { body, silent: true });
export const withdraw = (id: number, reason: string) =>
  call(withdrawExpenseClaim, { params: { id }, body: { reason } });
export const refreshClaims = (qc: QueryClient) => qc.invalidateQueries({ queryKey: all });

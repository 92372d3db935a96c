import { getDashboardCards, getDashboard } from '@fpy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http.ts';

/** Operator figures (requests, logins, gate log) — the platform accounts' extra panel. */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => call(getDashboard, { signal }),
  // Figures of "today" are worth refreshing while the page stays open.
  refetchInterval: 60_000,
});

/** The registered cards the caller may see (issue 13 §5). Under the same key prefix, so one invalidation covers both. */
export const dashboardCardsQuery = queryOptions({
  queryKey: ['dashboard', 'cards'],
  queryFn: ({ signal }) => call(getDashboardCards, { signal }),
  refetchInterval: 60_000,
});

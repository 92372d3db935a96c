import {
  type CallStatsGroup,
  gatewayOverview,
  getCallStats,
  listCallLogs,
  listOpenApis,
  openServicesOverview,
} from '@fpy/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type CallQuery, call } from '../../../lib/http.ts';

export type CallLogQuery = CallQuery<typeof listCallLogs>;
export interface StatsFilters {
  dateFrom?: string;
  dateTo?: string;
  appId?: number;
  tenantId?: number;
  operation?: string;
}

/** Keys start with 'open-calls'; calls arrive all the time, so the views refresh while open. */
export const statsQuery = (f: StatsFilters, groupBy: CallStatsGroup) =>
  queryOptions({
    queryKey: ['open-calls', 'stats', f, groupBy],
    queryFn: ({ signal }) => call(getCallStats, { query: { ...f, groupBy }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

export const logsQuery = (q: CallLogQuery) =>
  queryOptions({
    queryKey: ['open-calls', 'logs', q],
    queryFn: ({ signal }) => call(listCallLogs, { query: q, signal }),
    placeholderData: keepPreviousData,
  });

export const apisQuery = queryOptions({
  queryKey: ['open-calls', 'apis'],
  queryFn: ({ signal }) => call(listOpenApis, { signal }),
  refetchInterval: 30_000,
});

export const gatewayQuery = queryOptions({
  queryKey: ['open-calls', 'gateway'],
  queryFn: ({ signal }) => call(gatewayOverview, { signal }),
  refetchInterval: 30_000,
});

export const servicesQuery = queryOptions({
  queryKey: ['open-calls', 'services'],
  queryFn: ({ signal }) => call(openServicesOverview, { signal }),
  refetchInterval: 15_000,
});

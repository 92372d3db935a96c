import { getJob, jobsSummary, listJobs, redeliverJob, redeliverJobs } from '@fpy/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { type CallQuery, call } from '../../../lib/http.ts';

export type JobQuery = CallQuery<typeof listJobs>;

/** Keys start with 'jobs'; a redelivery refreshes the list, the counts and the open task. */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (q: JobQuery) => ['jobs', 'list', q] as const,
  summary: ['jobs', 'summary'] as const,
  one: (id: number) => ['jobs', 'one', id] as const,
};

/** Work in flight moves by itself: lists and counts refresh while the page is open. */
const REFRESH_MS = 10_000;

export const jobsQuery = (q: JobQuery) =>
  queryOptions({
    queryKey: jobKeys.list(q),
    queryFn: ({ signal }) => call(listJobs, { query: q, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

export const summaryQuery = queryOptions({
  queryKey: jobKeys.summary,
  queryFn: ({ signal }) => call(jobsSummary, { signal }),
  refetchInterval: REFRESH_MS,
});

export const jobQuery = (id: number) =>
  queryOptions({
    queryKey: jobKeys.one(id),
    queryFn: ({ signal }) => call(getJob, { params: { id }, signal }),
  });

export const redeliverOne = (id: number) => call(redeliverJob, { params: { id } });
export const redeliverSelected = (ids: number[]) => call(redeliverJobs, { body: { ids } });

export const refreshJobs = (qc: QueryClient) => qc.invalidateQueries({ queryKey: jobKeys.all });

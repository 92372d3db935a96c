import { getTrace, listInstances, listSamples, listTraces } from '@fpy/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type CallQuery, call } from '../../../lib/http.ts';

export type TraceQuery = CallQuery<typeof listTraces>;

/** Keys start with 'monitor'; the fleet moves by itself, so the pages refresh while open. */
export const monitorKeys = {
  instances: ['monitor', 'instances'] as const,
  samples: (minutes: number) => ['monitor', 'samples', minutes] as const,
  traces: (q: TraceQuery) => ['monitor', 'traces', q] as const,
  trace: (id: string) => ['monitor', 'trace', id] as const,
};

export const instancesQuery = queryOptions({
  queryKey: monitorKeys.instances,
  queryFn: ({ signal }) => call(listInstances, { signal }),
  refetchInterval: 5000,
});

export const samplesQuery = (minutes: number) =>
  queryOptions({
    queryKey: monitorKeys.samples(minutes),
    queryFn: ({ signal }) => call(listSamples, { query: { minutes }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export const tracesQuery = (q: TraceQuery) =>
  queryOptions({
    queryKey: monitorKeys.traces(q),
    queryFn: ({ signal }) => call(listTraces, { query: q, signal }),
    placeholderData: keepPreviousData,
  });

export const traceQuery = (traceId: string) =>
  queryOptions({
    queryKey: monitorKeys.trace(traceId),
    queryFn: ({ signal }) => call(getTrace, { params: { traceId }, signal }),
  });

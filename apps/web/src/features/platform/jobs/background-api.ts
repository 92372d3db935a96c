import {
  listQueues,
  listSchedules,
  pauseSchedule,
  removeQueueJob,
  resumeSchedule,
  retryQueueJob,
} from '@fpy/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http.ts';

/** Keys under 'jobs' too: every action on the page refreshes all of it. */
export const backgroundKeys = {
  queues: ['jobs', 'background', 'queues'] as const,
  schedules: ['jobs', 'background', 'schedules'] as const,
};

export const queuesQuery = queryOptions({
  queryKey: backgroundKeys.queues,
  queryFn: ({ signal }) => call(listQueues, { signal }),
  refetchInterval: 5000,
});

export const schedulesQuery = queryOptions({
  queryKey: backgroundKeys.schedules,
  queryFn: ({ signal }) => call(listSchedules, { signal }),
  refetchInterval: 10_000,
});

export const retryJob = (id: string) => call(retryQueueJob, { body: { id } });
export const removeJob = (id: string) => call(removeQueueJob, { body: { id } });
export const setSchedulePaused = (name: string, paused: boolean) =>
  call(paused ? pauseSchedule : resumeSchedule, { params: { name } });

export const refreshBackground = (qc: QueryClient) =>
  qc.invalidateQueries({ queryKey: ['jobs', 'background'] });

import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

export interface DashboardReply {
  users: number;
  activeUsers: number;
  loginsToday: number;
  requestsToday: number;
  errorsToday: number;
  recentActivity: { time: string; username: string; method: string; path: string; status: number }[];
  requestsByHour: { hour: number | string; count: number }[];
}

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: () => http.get<DashboardReply>('/api/admin/dashboard'),
  // Figures of "today" are worth refreshing while the page stays open.
  refetchInterval: 60_000,
});

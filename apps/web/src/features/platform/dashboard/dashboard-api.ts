import type { DashboardReply } from '@fpy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: () => http.get<DashboardReply>('/api/admin/dashboard'),
  // Figures of "today" are worth refreshing while the page stays open.
  refetchInterval: 60_000,
});

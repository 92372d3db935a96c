import { QueryClient } from '@tanstack/react-query';
import { isRefusal } from '../lib/http-errors.ts';
import { onSessionCleared, SESSION_KEY } from '../lib/session.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The HTTP client already showed the error; retrying a 4xx only repeats the toast.
      retry: (count, error) => count < 1 && (error as { httpStatus?: number }).httpStatus === 0,
      refetchOnWindowFocus: false,
      // A page whose data was refused before it had any shows the refusal in place of its content (the page's
      // boundary, shell/page-error-boundary.tsx), never a skeleton that waits forever. The session's queries
      // (profile, menus, theme) are the shell's, not a page's; other shell queries pass throwOnError: false.
      throwOnError: (error, query) =>
        query.state.data === undefined && query.queryKey[0] !== SESSION_KEY && isRefusal(error),
      staleTime: 30_000,
    },
  },
});

// Logout drops the cached profile, menus and every tenant's data so the next user starts clean.
onSessionCleared(() => queryClient.clear());

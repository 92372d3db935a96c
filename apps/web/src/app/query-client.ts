import { QueryClient } from '@tanstack/react-query';
import { onSessionCleared } from '../lib/session.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The HTTP client already showed the error; retrying a 4xx only repeats the toast.
      retry: (count, error) => count < 1 && (error as { httpStatus?: number }).httpStatus === 0,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

// Logout drops the cached profile, menus and every tenant's data so the next user starts clean.
onSessionCleared(() => queryClient.clear());

import { approveApplications, rejectApplications } from '@fpy/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/http.ts';
import { showReviewResults } from './review-results.tsx';

/** Every list an approval or rejection changes: both 预开 pages and the invoicing lists. */
const refresh = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: ['invoice-review'] }),
    qc.invalidateQueries({ queryKey: ['invoicing'] }),
  ]);

export function useReviewActions() {
  const qc = useQueryClient();
  return {
    approve: async (ids: number[], note?: string) => {
      const reply = await call(approveApplications, { body: { ids, ...(note ? { note } : {}) } });
      await showReviewResults(reply);
      await refresh(qc);
      return reply;
    },
    reject: async (ids: number[], reason: string) => {
      const reply = await call(rejectApplications, { body: { ids, reason } });
      await showReviewResults(reply);
      await refresh(qc);
      return reply;
    },
  };
}

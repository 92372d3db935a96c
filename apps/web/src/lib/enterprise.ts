import type { EnterpriseParameterReply } from '@fpy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callLazy } from './http.ts';
import { SESSION_KEY } from './permission.tsx';

/** Spec §7: the legacy envelope; success is code "0". */
export type EnterpriseParameter = EnterpriseParameterReply;

export const enterpriseParameterQuery = queryOptions({
  queryKey: [SESSION_KEY, 'enterpriseParameter'],
  queryFn: () => callLazy('getEnterpriseParameter'),
  staleTime: 5 * 60_000,
});

export function enterpriseLogo(reply: EnterpriseParameter | undefined): string | null {
  return reply?.code === '0' ? (reply.content?.logoUrl ?? null) : null;
}

import { aiCoding } from '@fpy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/http.ts';

/**
 * Top-3 AI-coding suggestions for a typed product name; silent, since it runs while the user types. The key
 * sits under the goods prefix on purpose: saving a commodity invalidates `['goods']`, and the next suggestion
 * then shows the company's own earlier choice (source 'memory').
 */
export const codingQuery = (name: string) =>
  queryOptions({
    queryKey: ['goods', 'coding', name] as const,
    queryFn: ({ signal }) => call(aiCoding, { query: { name }, signal, silent: true }),
    enabled: name.trim().length > 0,
    staleTime: 60_000,
  });

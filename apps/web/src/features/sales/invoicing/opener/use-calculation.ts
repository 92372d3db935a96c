import { type CalcResult, calculateInvoiceRoute } from '@fpy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../../../lib/http.ts';
import { calcBody, type HeaderValues, type LineRow, sentLines } from './form-model.ts';

/** Waits until typing pauses (one request per pause, not per key). */
export function useDebounced<T>(value: T, ms = 350): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

export interface Calculation {
  result: CalcResult | undefined;
  /** Engine messages per grid row index (the engine numbers only the rows sent). */
  lineErrors: Map<number, string[]>;
  /** Messages about the whole invoice (buyer, totals, limits). */
  headerErrors: { severity: 'error' | 'warning'; message: string }[];
  pending: boolean;
  /** The figures are for exactly what the form holds now (safe to send as the totals the user saw). */
  fresh: boolean;
}

/** Live figures and 大写 from the shared engine (POST invoice/calculate), debounced. */
export function useCalculation(header: HeaderValues | undefined, lines: LineRow[]): Calculation {
  const body = header ? calcBody(header, lines) : null;
  const current = body ? JSON.stringify(body) : '';
  const key = useDebounced(current);
  const { data, isFetching } = useQuery({
    queryKey: ['invoicing', 'calculate', key],
    queryFn: ({ signal }) => call(calculateInvoiceRoute, { body: JSON.parse(key), signal, silent: true }),
    enabled: key !== '' && (JSON.parse(key) as { lines: unknown[] }).lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const { index } = sentLines(lines);
  const lineErrors = new Map<number, string[]>();
  const headerErrors: Calculation['headerErrors'] = [];
  for (const v of data?.violations ?? []) {
    if (v.lineNo === null || index[v.lineNo - 1] === undefined) {
      headerErrors.push({ severity: v.severity, message: v.message });
      continue;
    }
    const row = index[v.lineNo - 1];
    lineErrors.set(row, [...(lineErrors.get(row) ?? []), v.message]);
  }
  const none = !body?.lines.length;
  return {
    result: none ? undefined : data,
    lineErrors,
    headerErrors: none ? [] : headerErrors,
    pending: isFetching,
    fresh: !none && key === current && !isFetching && data !== undefined,
  };
}

import { useEffect, useState } from 'react';
import { LightApiError } from '../../kit/http.ts';
import { fetchOrder, type OrderView } from './api.ts';

export type OrderState =
  | { kind: 'nocode' }
  | { kind: 'loading' }
  | { kind: 'refused'; error: LightApiError }
  | { kind: 'ok'; order: OrderView };

/** While the request moves by itself (review, issuing) the page asks again every few seconds. */
const POLL_MS = 2_000;
const moving = (o: OrderView) => !!o.request && ['pending', 'approved', 'issuing'].includes(o.request.state);

/** The order behind the code of the address; polls while its request is under way, so the page follows it. */
export function useOrder(code: string, lang: 'zh' | 'en'): OrderState {
  const [state, setState] = useState<OrderState>(code ? { kind: 'loading' } : { kind: 'nocode' });
  useEffect(() => {
    if (!code) {
      setState({ kind: 'nocode' });
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      fetchOrder(code, lang).then(
        (order) => {
          if (!live) return;
          setState({ kind: 'ok', order });
          if (moving(order)) timer = setTimeout(load, POLL_MS);
        },
        (err) =>
          live &&
          setState({
            kind: 'refused',
            error: err instanceof LightApiError ? err : new LightApiError(0, 'NETWORK_ERROR', String(err)),
          }),
      );
    setState({ kind: 'loading' });
    load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [code, lang]);
  return state;
}

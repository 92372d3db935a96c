import { useEffect, useState } from 'react';
import { LightApiError } from '../kit/http.ts';
import type { Lang } from '../kit/i18n.ts';

export type CodeLoad<T> =
  | { kind: 'nocode' }
  | { kind: 'loading' }
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; error: LightApiError };

/** What the address's code names (a board, an agent), loaded once per code and language. */
export function useCodeLoad<T>(
  code: string,
  lang: Lang,
  fetch: (code: string, lang: Lang) => Promise<T>,
): CodeLoad<T> {
  const [state, setState] = useState<CodeLoad<T>>(code ? { kind: 'loading' } : { kind: 'nocode' });
  useEffect(() => {
    if (!code) {
      setState({ kind: 'nocode' });
      return;
    }
    let live = true;
    setState({ kind: 'loading' });
    fetch(code, lang).then(
      (value) => live && setState({ kind: 'ok', value }),
      (error: unknown) =>
        live &&
        setState({
          kind: 'refused',
          error:
            error instanceof LightApiError ? error : new LightApiError(0, 'NETWORK_ERROR', String(error)),
        }),
    );
    return () => {
      live = false;
    };
  }, [code, lang, fetch]);
  return state;
}

import { useEffect, useState } from 'react';
import { LightApiError } from '../../kit/http.ts';
import { fetchTitleForm, type TitleForm } from './api.ts';

export type TitleFormState =
  | { kind: 'nocode' }
  | { kind: 'loading' }
  | { kind: 'refused'; error: LightApiError }
  | { kind: 'ok'; form: TitleForm };

/** The seller's title form behind the code of the address (none: the page says what to scan). */
export function useTitleForm(code: string, lang: 'zh' | 'en'): TitleFormState {
  const [state, setState] = useState<TitleFormState>(code ? { kind: 'loading' } : { kind: 'nocode' });
  useEffect(() => {
    if (!code) return setState({ kind: 'nocode' });
    let live = true;
    setState({ kind: 'loading' });
    fetchTitleForm(code, lang).then(
      (form) => live && setState({ kind: 'ok', form }),
      (err) =>
        live &&
        setState({
          kind: 'refused',
          error: err instanceof LightApiError ? err : new LightApiError(0, 'NETWORK', String(err)),
        }),
    );
    return () => {
      live = false;
    };
  }, [code, lang]);
  return state;
}

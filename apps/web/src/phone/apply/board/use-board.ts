import { useEffect, useState } from 'react';
import { LightApiError } from '../../kit/http.ts';
import type { Lang } from '../../kit/i18n.ts';
import { type Board, fetchBoard } from './api.ts';

export type BoardState =
  | { kind: 'nocode' }
  | { kind: 'loading' }
  | { kind: 'ok'; board: Board }
  | { kind: 'refused'; error: LightApiError };

/** The board behind the address's code, loaded once per code and language. */
export function useBoard(code: string, lang: Lang): BoardState {
  const [state, setState] = useState<BoardState>(code ? { kind: 'loading' } : { kind: 'nocode' });
  useEffect(() => {
    if (!code) {
      setState({ kind: 'nocode' });
      return;
    }
    let live = true;
    setState({ kind: 'loading' });
    fetchBoard(code, lang).then(
      (board) => live && setState({ kind: 'ok', board }),
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
  }, [code, lang]);
  return state;
}

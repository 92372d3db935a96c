import type { LightApiError } from '../../kit/http.ts';
import type { Lang } from '../../kit/i18n.ts';
import { useCodeLoad } from '../use-code-load.ts';
import { type Board, fetchBoard } from './api.ts';

export type BoardState =
  | { kind: 'nocode' }
  | { kind: 'loading' }
  | { kind: 'ok'; board: Board }
  | { kind: 'refused'; error: LightApiError };

/** The board behind the address's code, loaded once per code and language. */
export function useBoard(code: string, lang: Lang): BoardState {
  const state = useCodeLoad(code, lang, fetchBoard);
  return state.kind === 'ok' ? { kind: 'ok', board: state.value } : state;
}

import type { LightApiError } from '../../kit/http.ts';
import type { Lang } from '../../kit/i18n.ts';
import { useCodeLoad } from '../use-code-load.ts';
import { type Agent, fetchAgent } from './api.ts';

export type AgentState =
  | { kind: 'nocode' }
  | { kind: 'loading' }
  | { kind: 'ok'; agent: Agent }
  | { kind: 'refused'; error: LightApiError };

/** The agent behind the address's code, loaded once per code and language. */
export function useAgent(code: string, lang: Lang): AgentState {
  const state = useCodeLoad(code, lang, fetchAgent);
  return state.kind === 'ok' ? { kind: 'ok', agent: state.value } : state;
}

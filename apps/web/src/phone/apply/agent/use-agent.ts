import { useEffect, useState } from 'react';
import { LightApiError } from '../../kit/http.ts';
import type { Lang } from '../../kit/i18n.ts';
import { type Agent, fetchAgent } from './api.ts';

export type AgentState =
  | { kind: 'nocode' }
  | { kind: 'loading' }
  | { kind: 'ok'; agent: Agent }
  | { kind: 'refused'; error: LightApiError };

/** The agent behind the address's code, loaded once per code and language. */
export function useAgent(code: string, lang: Lang): AgentState {
  const [state, setState] = useState<AgentState>(code ? { kind: 'loading' } : { kind: 'nocode' });
  useEffect(() => {
    if (!code) {
      setState({ kind: 'nocode' });
      return;
    }
    let live = true;
    setState({ kind: 'loading' });
    fetchAgent(code, lang).then(
      (agent) => live && setState({ kind: 'ok', agent }),
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

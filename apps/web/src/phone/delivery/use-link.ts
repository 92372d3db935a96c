import { useEffect, useState } from 'react';
import { fetchLink, type LinkReply } from './api.ts';
import { useI18n } from './i18n.ts';
import { LightApiError } from '../kit/http.ts';

export type LinkState =
  | { kind: 'loading' }
  | { kind: 'ok'; link: LinkReply }
  | { kind: 'refused'; error: LightApiError };

/** Opens counted once per tab and code: entry pages ask to count, a reload or a follow-up page does not. */
const OPENED_KEY = 'fpy-buyer-opened';
function firstOpen(code: string): boolean {
  try {
    const seen: string[] = JSON.parse(sessionStorage.getItem(OPENED_KEY) ?? '[]');
    if (seen.includes(code)) return false;
    sessionStorage.setItem(OPENED_KEY, JSON.stringify([...seen.slice(-20), code]));
    return true;
  } catch {
    return true;
  }
}

/** The link behind `code`, loaded once per code (and language, so refusals are worded in it). */
export function useLink(code: string, count: boolean): LinkState {
  const { lang } = useI18n();
  const [state, setState] = useState<LinkState>({ kind: 'loading' });
  useEffect(() => {
    if (!code) {
      setState({ kind: 'refused', error: new LightApiError(404, 'BUYER_LINK_MISSING', '') });
      return;
    }
    let live = true;
    setState({ kind: 'loading' });
    fetchLink(code, lang, count && firstOpen(code))
      .then((link) => live && setState({ kind: 'ok', link }))
      .catch(
        (e) =>
          live &&
          setState({
            kind: 'refused',
            error: e instanceof LightApiError ? e : new LightApiError(0, 'NETWORK_ERROR', String(e)),
          }),
      );
    return () => {
      live = false;
    };
  }, [code, lang, count]);
  return state;
}

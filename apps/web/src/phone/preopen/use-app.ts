import { useCallback, useEffect, useState } from 'react';
import type { LightApiError } from '../kit/http.ts';
import { type AppView, asApiError, storedDevice, viewApplication } from './api.ts';
import { useI18n } from './i18n.ts';

/** Loads one application (by QR code or id) for a page; `reload` reads it again. */
export function useApplication(ref: { code?: string | null; id?: number | null }) {
  const { lang } = useI18n();
  const [view, setView] = useState<AppView | null>(null);
  const [error, setError] = useState<LightApiError | null>(null);
  const code = ref.code ?? undefined;
  const id = ref.id ?? undefined;
  const bound = !!storedDevice();
  const reload = useCallback(async () => {
    try {
      const v = await viewApplication(code ? { code } : { id }, lang);
      setView(v);
      setError(null);
      return v;
    } catch (e) {
      setError(asApiError(e));
      return null;
    }
  }, [code, id, lang]);
  useEffect(() => {
    if (bound && (code || id)) void reload();
  }, [bound, code, id, reload]);
  return { view, error, reload, setView, bound, missing: !code && !id };
}

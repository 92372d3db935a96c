import { PREOPEN_CODE_RE } from '@fpy/contracts/preopen-pages';
import { useEffect, useState } from 'react';
import type { LightApiError } from '../../kit/http.ts';
import { PageLink, Shell, StatusPanel } from '../../kit/layout.tsx';
import { go } from '../../kit/nav.ts';
import { asApiError, bind, me, storedDevice } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { PreopenRefused, shanghaiTime } from '../views.tsx';

type Who = { userName: string; tenantName: string; expiresAt: string };

/**
 * /invoicerBinding?c=<code>: the invoicer scanned the console's binding QR; one tap binds this phone to their
 * account (the confirmation is shown in place, like /bindingSuccess). Without a code: how to get one.
 */
export function BindingPage({ code }: { code: string }) {
  const { t, lang } = useI18n();
  const [current, setCurrent] = useState<Who | null>(null);
  const [done, setDone] = useState<Who | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<LightApiError | null>(null);

  useEffect(() => {
    if (storedDevice()) me(lang).then(setCurrent, () => setCurrent(null));
  }, [lang]);

  const toList = (
    <PageLink
      href="/codeScanningInvoicing"
      onGo={() => go('/codeScanningInvoicing')}
      className="b-btn b-primary"
    >
      {t('bind.toList')}
    </PageLink>
  );
  const title = t('title.binding');

  if (done)
    return (
      <Shell title={title}>
        <StatusPanel tone="ok" title={t('bind.done.title')} actions={toList}>
          <p>
            {t('bind.done.text', {
              user: done.userName,
              tenant: done.tenantName,
              until: shanghaiTime(done.expiresAt),
            })}
          </p>
        </StatusPanel>
      </Shell>
    );

  if (error)
    return (
      <Shell title={title}>
        {error.code === 'PREOPEN_BIND_CODE_INVALID' ? (
          <StatusPanel tone="error" title={t('bind.invalid.title')}>
            <p>{error.message}</p>
          </StatusPanel>
        ) : (
          <PreopenRefused error={error} />
        )}
      </Shell>
    );

  if (!code || !PREOPEN_CODE_RE.test(code))
    return (
      <Shell title={title}>
        <StatusPanel tone="warn" title={t('bind.noCode.title')} actions={current ? toList : undefined}>
          <p>{t('bind.noCode.text')}</p>
          {current && <p>{t('bind.already', { user: current.userName, tenant: current.tenantName })}</p>}
        </StatusPanel>
      </Shell>
    );

  const confirm = async () => {
    setBusy(true);
    try {
      setDone(await bind(code, lang));
      // The code is spent: a reload of this address must not try it again.
      history.replaceState(null, '', '/invoicerBinding');
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Shell title={title}>
      <section className="b-card">
        <h2 className="b-section-title">{title}</h2>
        <p>{t('bind.intro')}</p>
        <p className="b-note">{t('bind.scope')}</p>
        {current && (
          <p className="b-note">
            {t('bind.already', { user: current.userName, tenant: current.tenantName })}
          </p>
        )}
        <div className="b-actions">
          <button type="button" className="b-btn b-primary b-wide" disabled={busy} onClick={confirm}>
            {busy ? t('bind.binding') : t('bind.confirm')}
          </button>
        </div>
      </section>
    </Shell>
  );
}

import type { listPreopenApplications } from '@fpy/contracts';
import type { LightReply } from '../../kit/http.ts';
import { useEffect, useState } from 'react';
import { LightApiError } from '../../kit/http.ts';
import { yuan } from '../../kit/format.ts';
import { PageLink, Shell, StatusPanel } from '../../kit/layout.tsx';
import { go } from '../../kit/nav.ts';
import { appHref, asApiError, decide, listApplications, me, pageFor, storedDevice, unbind } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { useApplication } from '../use-app.ts';
import { Application, NotBound, PreopenRefused, shanghaiTime } from '../views.tsx';

/**
 * /codeScanningInvoicing: with ?a=<code> (an application's QR) or ?id= the application and the decision;
 * without either, the applications waiting in the bound reviewer's company.
 */
export function ScanPage({ code, id }: { code: string | null; id: number | null }) {
  const { t } = useI18n();
  if (!storedDevice())
    return (
      <Shell title={t('title.scan')}>
        <NotBound />
      </Shell>
    );
  if (code || id) return <Review code={code} id={id} />;
  return <Waiting />;
}

function Review({ code, id }: { code: string | null; id: number | null }) {
  const { t, lang } = useI18n();
  const { view, error } = useApplication({ code, id });
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<LightApiError | null>(null);

  // An application no longer waiting belongs on its own page: a scanned code is used up (who handled it, when);
  // one opened from the list or after a decision goes where it stands (processing, result).
  useEffect(() => {
    if (view && view.phase !== 'pending')
      go(appHref(code ? '/preopeningOver' : pageFor(view), view.id), true);
  }, [view, code]);

  const err = refused ?? error;
  const title = err ? t('title.app') : t('title.scan');
  if (err)
    return (
      <Shell title={title}>
        <PreopenRefused error={err} />
      </Shell>
    );
  if (view?.phase !== 'pending')
    return (
      <Shell title={title}>
        <StatusPanel tone="busy" title={t('loading')} />
      </Shell>
    );

  const act = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !reason.trim()) return setProblem(t('decide.reasonRequired'));
    setBusy(true);
    setProblem(null);
    try {
      const v = await decide(view.id, decision, decision === 'reject' ? reason.trim() : undefined, lang);
      go(appHref(decision === 'approve' ? pageFor(v) : '/preopeningOver', v.id));
    } catch (e) {
      const ae = asApiError(e);
      // Someone decided first: show who, on the page for handled applications.
      if (ae.code === 'REVIEW_ALREADY_DONE' || ae.code === 'REVIEW_NOT_PENDING')
        return go(appHref('/preopeningOver', view.id), true);
      if (ae.httpStatus === 400 || ae.httpStatus === 409 || ae.httpStatus === 403) setProblem(ae.message);
      else setRefused(ae);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Shell title={title}>
      <Application v={view} />
      {view.own && <p className="b-banner b-banner-warn">{t('app.own')}</p>}
      {!view.canApprove && !view.canReject && !view.own && (
        <p className="b-banner b-banner-warn">{t('decide.noRight')}</p>
      )}
      {problem && (
        <p className="b-banner b-banner-bad" role="alert">
          {problem}
        </p>
      )}
      {rejecting ? (
        <section className="b-card b-form">
          <label className="b-field">
            <span className="b-label">{t('decide.rejectReason')}</span>
            <textarea
              className="b-input"
              rows={3}
              maxLength={200}
              value={reason}
              placeholder={t('decide.rejectPlaceholder')}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <div className="b-actions b-actions-grid">
            <button type="button" className="b-btn" disabled={busy} onClick={() => setRejecting(false)}>
              {t('decide.cancel')}
            </button>
            <button type="button" className="b-btn b-red" disabled={busy} onClick={() => act('reject')}>
              {busy ? t('decide.busy') : t('decide.rejectConfirm')}
            </button>
          </div>
        </section>
      ) : (
        <div className="b-actions b-actions-grid">
          {view.canReject && (
            <button type="button" className="b-btn" disabled={busy} onClick={() => setRejecting(true)}>
              {t('decide.reject')}
            </button>
          )}
          {view.canApprove && (
            <button type="button" className="b-btn b-primary" disabled={busy} onClick={() => act('approve')}>
              {busy ? t('decide.busy') : t('decide.approve')}
            </button>
          )}
        </div>
      )}
    </Shell>
  );
}

type List = LightReply<typeof listPreopenApplications>;

function Waiting() {
  const { t, lang } = useI18n();
  const [who, setWho] = useState<{ userName: string; tenantName: string } | null>(null);
  const [list, setList] = useState<List | null>(null);
  const [error, setError] = useState<LightApiError | null>(null);
  const [gone, setGone] = useState(false);
  const load = async () => {
    try {
      const [m, l] = await Promise.all([me(lang), listApplications(lang)]);
      setWho(m);
      setList(l);
      setError(null);
    } catch (e) {
      setError(asApiError(e));
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per language
  useEffect(() => {
    void load();
  }, [lang]);

  const title = t('title.scan');
  if (gone)
    return (
      <Shell title={title}>
        <StatusPanel tone="ok" title={t('device.unbound')}>
          <p>{t('device.none.text')}</p>
        </StatusPanel>
      </Shell>
    );
  if (error)
    return (
      <Shell title={title}>
        <PreopenRefused error={error} />
      </Shell>
    );
  if (!list || !who)
    return (
      <Shell title={title}>
        <StatusPanel tone="busy" title={t('loading')} />
      </Shell>
    );
  return (
    <Shell title={title}>
      <p className="b-note">{t('device.who', { user: who.userName, tenant: who.tenantName })}</p>
      <section className="b-card">
        <div className="b-row">
          <h2 className="b-section-title">{t('list.title')}</h2>
          <button type="button" className="b-small-btn" onClick={load}>
            {t('list.refresh')}
          </button>
        </div>
        {list.rows.length === 0 ? (
          <p>{t('list.empty')}</p>
        ) : (
          <ul className="b-list">
            {list.rows.map((r) => (
              <li key={r.id}>
                <PageLink
                  href={appHref('/codeScanningInvoicing', r.id)}
                  onGo={() => go(appHref('/codeScanningInvoicing', r.id))}
                  className="pp-item"
                >
                  <span className="b-row-main">
                    <strong>{r.buyerName}</strong>
                    <span className="b-small">
                      {r.applicantName ?? ''} {r.appliedAt ? shanghaiTime(r.appliedAt) : ''}
                    </span>
                  </span>
                  <span className="b-num">{yuan(r.totalFen)}</span>
                </PageLink>
              </li>
            ))}
          </ul>
        )}
        {list.total > list.rows.length && <p className="b-small">{t('list.total', { n: list.total })}</p>}
        <p className="b-note">{t('list.hint')}</p>
      </section>
      <div className="b-actions">
        <button
          type="button"
          className="b-btn"
          onClick={() =>
            unbind(lang).then(
              () => setGone(true),
              (e) => setError(e instanceof LightApiError ? e : asApiError(e)),
            )
          }
        >
          {t('device.unbind')}
        </button>
      </div>
    </Shell>
  );
}

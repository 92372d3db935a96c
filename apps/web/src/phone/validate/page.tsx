import { VALIDATE_CAPTCHA_RE, VALIDATE_CODE_PARAM, VALIDATE_CODE_RE } from '@fpy/contracts/validate-pages';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { LightApiError } from '../kit/http.ts';
import { Shell, StatusPanel } from '../kit/layout.tsx';
import { usePhoneLocation } from '../kit/nav.ts';
import { Refused } from '../kit/refused.tsx';
import { asApiError, captchaCheck, captchaData, type IdentityView, LINK_DEAD, TRY_AGAIN } from './api.ts';
import { useI18n } from './i18n.ts';

const shanghaiTime = (iso: string) =>
  new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * /validate?c=<code>: the invoicer opened the console's identity link. The page shows which company the bureau
 * asks about, the bureau's captcha (a picture, or a code texted to a masked phone) and one field; a right code
 * confirms and issuing resumes. Without a code: where to get one.
 */
export function ValidatePage() {
  const { t, lang } = useI18n();
  const { query } = usePhoneLocation();
  const code = query.get(VALIDATE_CODE_PARAM) ?? '';
  const valid = VALIDATE_CODE_RE.test(code);
  const [view, setView] = useState<IdentityView | null>(null);
  const [error, setError] = useState<LightApiError | null>(null);
  const [answer, setAnswer] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      captchaData(code, lang).then(
        (v) => {
          setView(v);
          setError(null);
        },
        (e) => setError(asApiError(e)),
      ),
    [code, lang],
  );
  useEffect(() => {
    if (valid) void load();
  }, [valid, load]);

  const title = t('title');
  if (!valid)
    return (
      <Shell title={title}>
        <StatusPanel tone="warn" title={t('noCode.title')}>
          <p>{t('noCode.text')}</p>
        </StatusPanel>
      </Shell>
    );

  if (error)
    return (
      <Shell title={title}>
        {LINK_DEAD.includes(error.code) ? (
          <StatusPanel
            tone="error"
            title={t(error.code === 'IDENTITY_LINK_LOCKED' ? 'locked.title' : 'invalid.title')}
          >
            <p>{error.message}</p>
          </StatusPanel>
        ) : (
          <Refused error={error} />
        )}
      </Shell>
    );

  if (!view)
    return (
      <Shell title={title}>
        <StatusPanel tone="busy" title={t('loading')} />
      </Shell>
    );

  if (view.state === 'confirmed')
    return (
      <Shell title={title}>
        <StatusPanel tone="ok" title={t('done.title')}>
          <p>{t('done.text', { company: view.companyName })}</p>
        </StatusPanel>
      </Shell>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = answer.trim();
    if (!VALIDATE_CAPTCHA_RE.test(typed)) {
      setHint(t('captcha.format'));
      return;
    }
    setBusy(true);
    try {
      setView(await captchaCheck(code, typed, lang));
      setHint(null);
    } catch (err) {
      const refused = asApiError(err);
      if (!TRY_AGAIN.includes(refused.code)) {
        setError(refused);
        return;
      }
      setHint(refused.message);
      setAnswer('');
      await load();
    } finally {
      setBusy(false);
    }
  };

  const captcha = view.captcha;
  return (
    <Shell title={title}>
      <section className="b-card">
        <p>{t('asks')}</p>
        <dl className="b-fields">
          <div className="b-field">
            <dt>{t('company')}</dt>
            <dd>{view.companyName}</dd>
          </div>
          <div className="b-field">
            <dt>{t('taxNumber')}</dt>
            <dd className="b-mono">{view.taxNumber}</dd>
          </div>
          <div className="b-field">
            <dt>{t('askedAt')}</dt>
            <dd>{shanghaiTime(view.askedAt)}</dd>
          </div>
        </dl>
      </section>
      <form className="b-card b-form" onSubmit={submit} noValidate>
        <p>
          {captcha?.kind === 'sms' ? t('captcha.sms', { phone: captcha.phoneMasked }) : t('captcha.image')}
        </p>
        {captcha?.kind === 'image' && (
          <div className="v-captcha">
            <img src={captcha.image} alt={t('captcha.label')} width={200} height={56} />
            <button type="button" className="b-btn" onClick={() => void load()} disabled={busy}>
              {t('captcha.refresh')}
            </button>
          </div>
        )}
        <label htmlFor="v-answer">{t('captcha.label')}</label>
        <input
          id="v-answer"
          className="b-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={answer}
          aria-invalid={hint ? 'true' : undefined}
          aria-describedby={hint ? 'v-hint' : undefined}
          onChange={(e) => setAnswer(e.target.value.replace(/\D/g, ''))}
        />
        {hint && (
          <p id="v-hint" className="b-error" role="alert">
            {hint}
          </p>
        )}
        <p className="b-small">
          {captcha && t('captcha.until', { time: shanghaiTime(captcha.expiresAt).slice(11) })} ·{' '}
          {t('attempts', { n: view.attemptsLeft })}
        </p>
        <button type="submit" className="b-btn b-primary" disabled={busy}>
          {busy ? t('submitting') : t('submit')}
        </button>
      </form>
    </Shell>
  );
}

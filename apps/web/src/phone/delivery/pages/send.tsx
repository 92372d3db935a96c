import type { BuyerTarget } from '@fpy/contracts';
import { type FormEvent, useId, useState } from 'react';
import { LightApiError } from '../../kit/http.ts';
import { rememberTarget, sendInvoice } from '../api.ts';
import { StateBanner } from '../face.tsx';
import { yuan } from '../../kit/format.ts';
import { useI18n } from '../i18n.ts';
import { PageLink, Shell, StatusPanel } from '../../kit/layout.tsx';
import { LinkRefused } from '../link-refused.tsx';
import { navigate, pageHref } from '../nav.ts';
import { useLink } from '../use-link.ts';

export type SendMode = 'deliver' | 'email' | 'sms';

const TITLES = { deliver: 'send.deliverTitle', email: 'send.emailTitle', sms: 'send.smsTitle' } as const;
const INTROS = { deliver: 'send.deliverIntro', email: 'send.emailIntro', sms: 'send.smsIntro' } as const;

/**
 * /allElePreDelivery (the buyer picks e-mail or SMS), /allEleInvoiceEmailInvoice (e-mail) and
 * /allEleInvoiceSmsLink (the link by SMS). The address is checked by the server with the rule the console
 * uses; its refusal (naming the field) is shown under the field. Sending goes through the delivery pipeline
 * with its quota and controls; the next page follows the delivery's progress.
 */
export function SendPage({ code, n, mode }: { code: string; n: number; mode: SendMode }) {
  const { t } = useI18n();
  const state = useLink(code, false);
  return (
    <Shell title={t(TITLES[mode])}>
      {state.kind === 'loading' && <StatusPanel tone="busy" title={t('loading')} />}
      {state.kind === 'refused' && <LinkRefused code={code} error={state.error} />}
      {state.kind === 'ok' &&
        (() => {
          const inv = state.link.invoices.find((i) => i.n === n) ?? state.link.invoices[0];
          return (
            <>
              <StateBanner inv={inv} />
              <section className="b-card b-summary">
                <span className="b-mono">{inv.number}</span>
                <span className="b-small">{inv.sellerName}</span>
                <strong>{yuan(inv.totalFen)}</strong>
              </section>
              {inv.downloadable && <SendForm code={code} n={inv.n} mode={mode} />}
              <PageLink
                className="b-link"
                href={pageHref('/smsDetail', code, inv.n)}
                onGo={() => navigate('/smsDetail', code, inv.n)}
              >
                {t('back')}
              </PageLink>
            </>
          );
        })()}
    </Shell>
  );
}

function SendForm({ code, n, mode }: { code: string; n: number; mode: SendMode }) {
  const { t, lang } = useI18n();
  const id = useId();
  const [channel, setChannel] = useState<'email' | 'sms'>(mode === 'sms' ? 'sms' : 'email');
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const fieldLabel = channel === 'email' ? t('send.email') : t('send.mobile');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    if (!v) return setError(t('send.required', { field: fieldLabel }));
    const target: BuyerTarget =
      channel === 'email' ? { channel, email: v, n } : { channel, mobile: v.replace(/[\s-]/g, ''), n };
    setBusy(true);
    setError('');
    try {
      await sendInvoice(code, target, lang);
      rememberTarget(code, target);
      navigate(mode === 'sms' ? '/allEleInvoiceSmsResult' : '/allEleDeliveryLoad', code, n);
    } catch (err) {
      setError(err instanceof LightApiError && err.message ? err.message : t('refused.network.text'));
      setBusy(false);
    }
  };

  return (
    <form className="b-card b-form" onSubmit={submit} noValidate>
      <p className="b-small">{t(INTROS[mode])}</p>
      {mode === 'deliver' && (
        <fieldset className="b-choice">
          <legend>{t('send.channel')}</legend>
          {(['email', 'sms'] as const).map((c) => (
            <label key={c} className={channel === c ? 'b-chosen' : undefined}>
              <input
                type="radio"
                name={`${id}-channel`}
                value={c}
                checked={channel === c}
                onChange={() => {
                  setChannel(c);
                  setError('');
                }}
              />
              {c === 'email' ? t('send.byEmail') : t('send.bySms')}
            </label>
          ))}
        </fieldset>
      )}
      <label htmlFor={`${id}-to`}>{fieldLabel}</label>
      <input
        id={`${id}-to`}
        className="b-input"
        type={channel === 'email' ? 'email' : 'tel'}
        inputMode={channel === 'email' ? 'email' : 'numeric'}
        autoComplete={channel === 'email' ? 'email' : 'tel'}
        maxLength={channel === 'email' ? 128 : 13}
        placeholder={channel === 'email' ? t('send.emailPlaceholder') : t('send.mobilePlaceholder')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-err` : undefined}
      />
      {error && (
        <p id={`${id}-err`} className="b-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="b-btn b-primary b-wide" disabled={busy}>
        {busy ? t('send.sending') : t('send.submit')}
      </button>
    </form>
  );
}

import type { BuyerTitle, InvoiceType } from '@fpy/domain';
import { useState } from 'react';
import { yuan } from '../../../kit/format.ts';
import { LightApiError } from '../../../kit/http.ts';
import { StatusPanel } from '../../../kit/layout.tsx';
import { Refused } from '../../../kit/refused.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { rememberTitle, startingTitle } from '../../title/memory.ts';
import { TitlePicker, titleErrors } from '../../title/title-picker.tsx';
import { useTitleForm } from '../../title/use-title-form.ts';
import type { TitleForm } from '../../title/api.ts';
import { goApply } from '../../variant.ts';
import { submitOrder, type OrderView } from '../api.ts';
import { OrderFrame, OrderSummary } from '../frame.tsx';
import { useOrderTexts } from '../i18n.ts';
import { OrderBody } from './scan.tsx';

/**
 * /applicationInvoice (+Bwt) and the full-electric apply pages: the invoice type the seller offers, the title
 * (TITLES' picker: search, remembered titles, QR), then one tap to issue. An order no longer open shows its state
 * instead (its scan page's body).
 */
export default function ApplyPage(props: ApplyPageProps) {
  const { lang } = useOrderTexts();
  const form = useTitleForm(props.code, lang);
  return (
    <OrderFrame props={props}>
      {(order) =>
        order.state !== 'open' || order.request ? (
          <OrderBody props={props} order={order} />
        ) : form.kind === 'refused' ? (
          <Refused error={form.error} />
        ) : form.kind === 'ok' ? (
          <ApplyForm props={props} order={order} form={form.form} />
        ) : (
          <StatusPanel tone="busy" title="…" />
        )
      }
    </OrderFrame>
  );
}

function ApplyForm({ props, order, form }: { props: ApplyPageProps; order: OrderView; form: TitleForm }) {
  const { t, lang } = useOrderTexts();
  const rules = form.rules;
  const [type, setType] = useState<InvoiceType>(rules.defaultInvoiceType);
  const [title, setTitle] = useState<BuyerTitle>(() =>
    form.helps.remember ? startingTitle() : { kind: 'company', name: '' },
  );
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<LightApiError | null>(null);
  if (!form.enabled)
    return (
      <StatusPanel tone="warn" title={t('apply.paused.title')}>
        <p>{t('apply.paused.text')}</p>
      </StatusPanel>
    );
  const blocking = titleErrors(title, type, rules);
  const submit = async () => {
    setTried(true);
    if (blocking.length) return;
    setBusy(true);
    setError(null);
    try {
      await submitOrder(props.code, type, title, lang);
      if (form.helps.remember) rememberTitle(title);
      goApply('/invoiceResult', props.variant, props.code, {}, true);
    } catch (e) {
      const err = e instanceof LightApiError ? e : new LightApiError(0, 'NETWORK_ERROR', String(e));
      if (err.code === 'ORDER_NOT_OPEN') goApply('/webIndex', props.variant, props.code, {}, true);
      else setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <OrderSummary order={order} lines={false} />
      <section className="b-card b-form">
        {rules.invoiceTypes.length > 1 && (
          <fieldset className="b-choice">
            <legend>{t('apply.type')}</legend>
            {rules.invoiceTypes.map((it) => (
              <label key={it} className={it === type ? 'b-chosen' : undefined}>
                <input
                  type="radio"
                  name="invoice-type"
                  value={it}
                  checked={it === type}
                  onChange={() => setType(it)}
                />
                {t(`type.${it}`)}
              </label>
            ))}
          </fieldset>
        )}
        <TitlePicker
          code={props.code}
          rules={rules}
          type={type}
          value={title}
          onChange={setTitle}
          helps={form.helps}
          showErrors={tried}
        />
      </section>
      {error &&
        (error.httpStatus === 400 ? (
          <p className="b-banner b-banner-bad" role="alert">
            {error.message}
          </p>
        ) : (
          <Refused error={error} />
        ))}
      {tried && blocking.length > 0 && (
        <p className="b-banner b-banner-bad" role="alert">
          {t('apply.fixTitle')}
        </p>
      )}
      <div className="b-actions">
        <p className="b-small">
          {t('apply.confirm', { amount: yuan(order.amountFen), name: title.name || '…' })}
        </p>
        <button
          type="button"
          className="b-btn b-primary b-wide"
          onClick={submit}
          disabled={busy}
          data-testid="order-submit"
        >
          {busy ? t('apply.submitting') : t('apply.submit')}
        </button>
      </div>
    </>
  );
}

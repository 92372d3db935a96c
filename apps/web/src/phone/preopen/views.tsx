import { rateLabel, type TaxRate } from '@fpy/domain';
import type { ReactNode } from 'react';
import type { LightApiError } from '../kit/http.ts';
import { yuan } from '../kit/format.ts';
import { PageLink, StatusPanel } from '../kit/layout.tsx';
import { go } from '../kit/nav.ts';
import { Refused } from '../kit/refused.tsx';
import type { AppView } from './api.ts';
import { isUnbound } from './api.ts';
import { useI18n } from './i18n.ts';

/** Minutes in Asia/Shanghai: 2026-11-28 09:30. */
export const shanghaiTime = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** What every page shows when the phone has no working binding: how to bind (never a blank page). */
export function NotBound() {
  const { t } = useI18n();
  return (
    <StatusPanel tone="warn" title={t('device.none.title')}>
      <p>{t('device.none.text')}</p>
    </StatusPanel>
  );
}

/** A refusal: an unbound phone says how to bind; the rest as the kit words them. */
export function PreopenRefused({ error }: { error: LightApiError }) {
  const { t } = useI18n();
  if (isUnbound(error)) return <NotBound />;
  if (error.code === 'PREOPEN_APP_UNKNOWN')
    return (
      <StatusPanel tone="error" title={t('app.unknown.title')} actions={<BackToList />}>
        <p>{error.message}</p>
      </StatusPanel>
    );
  return <Refused error={error} />;
}

export function BackToList() {
  const { t } = useI18n();
  return (
    <PageLink href="/codeScanningInvoicing" onGo={() => go('/codeScanningInvoicing')}>
      {t('status.back')}
    </PageLink>
  );
}

function Pair({ label, children, num }: { label: string; children: ReactNode; num?: boolean }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="b-row">
      <span className="b-label">{label}</span>
      <span className={num ? 'b-num' : undefined}>{children}</span>
    </div>
  );
}

/** The application as the reviewer needs it: buyer, applicant, lines, amounts in yuan. */
export function Application({ v }: { v: AppView }) {
  const { t } = useI18n();
  return (
    <section className="b-card" aria-label={t('app.buyer')}>
      <div className="b-summary">
        <h2 className="b-section-title">{v.buyerName}</h2>
        {v.buyerTaxNumber && <span className="b-small b-mono">{v.buyerTaxNumber}</span>}
      </div>
      <Pair label={t('app.status')}>
        <span
          className={`b-tag ${v.phase === 'failed' ? 'b-tag-bad' : v.phase === 'issued' ? 'b-tag-ok' : 'b-tag-warn'}`}
        >
          {v.statusLabel}
        </span>
      </Pair>
      <Pair label={t('app.seller')}>{v.sellerName}</Pair>
      <Pair label={t('app.applicant')}>{v.applicantName}</Pair>
      <Pair label={t('app.appliedAt')}>{v.appliedAt && shanghaiTime(v.appliedAt)}</Pair>
      <Pair label={t('app.remarks')}>{v.remarks}</Pair>
      <section className="b-lines" aria-label={t('app.lines')}>
        <h3 className="b-label">{t('app.lines')}</h3>
        <ol>
          {v.lines.map((l, i) => (
            <li key={i} className="b-line">
              <div className="b-line-name">{l.name}</div>
              <dl>
                {l.spec && (
                  <div>
                    <dt>{t('line.spec')}</dt>
                    <dd>{l.spec}</dd>
                  </div>
                )}
                {l.quantity && (
                  <div>
                    <dt>{t('line.quantity')}</dt>
                    <dd className="b-num">
                      {l.quantity}
                      {l.unit ? ` ${l.unit}` : ''}
                    </dd>
                  </div>
                )}
                {l.unitPrice && (
                  <div>
                    <dt>{t('line.price')}</dt>
                    <dd className="b-num">{l.unitPrice}</dd>
                  </div>
                )}
              </dl>
              <dl className="b-line-money">
                <div>
                  <dt>{t('app.amount')}</dt>
                  <dd className="b-num">{yuan(l.amountFen)}</dd>
                </div>
                <div>
                  <dt>{t('line.rate')}</dt>
                  <dd>{rateLabel(l.rate as TaxRate)}</dd>
                </div>
                <div>
                  <dt>{t('app.tax')}</dt>
                  <dd className="b-num">{yuan(l.taxFen)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      </section>
      <Pair label={t('app.amount')} num>
        {yuan(v.amountFen)}
      </Pair>
      <Pair label={t('app.tax')} num>
        {yuan(v.taxFen)}
      </Pair>
      <div className="b-row b-total">
        <span>{t('app.total')}</span>
        <strong className="b-num">{yuan(v.totalFen)}</strong>
      </div>
    </section>
  );
}

/** A result page opened without ?id=. */
export function NoApplication() {
  const { t } = useI18n();
  return (
    <StatusPanel tone="warn" title={t('noId.title')} actions={<BackToList />}>
      <p>{t('noId.text')}</p>
    </StatusPanel>
  );
}

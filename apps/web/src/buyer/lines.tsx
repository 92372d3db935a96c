import { rateLabel, type TaxRate } from '@fpy/domain';
import type { BuyerInvoice } from './api.ts';
import { yuan } from './format.ts';
import { useI18n } from './i18n.ts';

type Line = BuyerInvoice['lines'][number];

/** 免税 and 不征税 print their name instead of the rate and *** for the tax, as the PDF face does. */
const namedPolicy = (l: Line) =>
  l.rate === 'rate_0' && (l.policy === 'exempt' || l.policy === 'non_taxable') ? l.policy : null;

/**
 * The face's lines on a phone: one block per line, its name first, then the face's columns as labelled cells
 * that wrap into as many columns as the screen holds (three at 360 px). Empty columns are left out.
 */
export function FaceLines({ lines }: { lines: Line[] }) {
  const { t } = useI18n();
  if (!lines.length) return null;
  return (
    <section className="b-lines" aria-label={t('lines')}>
      <h3 className="b-label">{t('lines')}</h3>
      <ol>
        {lines.map((l, i) => {
          const policy = namedPolicy(l);
          const cells: [string, string | null, boolean?][] = [
            [t('line.spec'), l.spec],
            [t('line.unit'), l.unit],
            [t('line.quantity'), l.quantity, true],
            [t('line.price'), l.unitPrice, true],
            [t('line.amount'), yuan(l.amountFen), true],
            [t('line.rate'), policy ? t(`line.${policy}`) : rateLabel(l.rate as TaxRate)],
            [t('line.tax'), policy && l.taxFen === 0 ? '***' : yuan(l.taxFen), true],
          ];
          return (
            // Lines have no id on this page; their order is the face's and never changes.
            <li key={i} className="b-line">
              <div className="b-line-name">{l.name}</div>
              <dl>
                {cells
                  .filter(([, value]) => value)
                  .map(([label, value, num]) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd className={num ? 'b-num' : undefined}>{value}</dd>
                    </div>
                  ))}
              </dl>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

import { rateLabel, type TaxRate } from '@fpy/domain';
import type { BuyerInvoice } from './api.ts';
import { yuan } from '../kit/format.ts';
import { useI18n } from './i18n.ts';

type Line = BuyerInvoice['lines'][number];
/** Label, value (empty ones are left out), and whether it is a figure. */
type Cell = [string, string | null, boolean?];

function Cells({ cells, className }: { cells: Cell[]; className?: string }) {
  const shown = cells.filter(([, value]) => value);
  if (!shown.length) return null;
  return (
    <dl className={className}>
      {shown.map(([label, value, num]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className={num ? 'b-num' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** 免税 and 不征税 print their name instead of the rate and *** for the tax, as the PDF face does. */
const namedPolicy = (l: Line) =>
  l.rate === 'rate_0' && (l.policy === 'exempt' || l.policy === 'non_taxable') ? l.policy : null;

/**
 * The face's lines on a phone: one block per line, its name first, then the face's columns as labelled cells —
 * what was sold wrapping into as many columns as the screen holds, the money (amount, rate, tax) on one row of
 * three. Empty columns are left out.
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
          // What was sold, then the money: amount, rate and tax always share one row.
          const goods: Cell[] = [
            [t('line.spec'), l.spec],
            [t('line.unit'), l.unit],
            [t('line.quantity'), l.quantity, true],
            [t('line.price'), l.unitPrice, true],
          ];
          const money: Cell[] = [
            [t('line.amount'), yuan(l.amountFen), true],
            [t('line.rate'), policy ? t(`line.${policy}`) : rateLabel(l.rate as TaxRate)],
            [t('line.tax'), policy && l.taxFen === 0 ? '***' : yuan(l.taxFen), true],
          ];
          return (
            // Lines have no id on this page; their order is the face's and never changes.
            <li key={i} className="b-line">
              <div className="b-line-name">{l.name}</div>
              <Cells cells={goods} />
              <Cells cells={money} className="b-line-money" />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

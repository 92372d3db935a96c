/**
 * Structure of 折扣行 / 被折扣行 (domain notes §4.5; NUONUO-BILL E9105–E9119, dxhy 9017–9026).
 * Signs of discount lines are checked per line in line-checks.ts.
 */
import type { LineFigures } from './line-calc.ts';
import type { InvoiceColour, LineDraft } from './types.ts';
import { type Violation, violation } from './violations.ts';

export function checkDiscountStructure(
  lines: readonly LineDraft[],
  figures: readonly LineFigures[],
  colour: InvoiceColour,
): Violation[] {
  const out: Violation[] = [];
  const kind = (i: number) => lines[i]?.kind ?? 'normal';
  for (let i = 0; i < lines.length; i++) {
    const no = i + 1;
    const k = kind(i);
    if (k === 'normal') continue;
    // §4.5: red invoices carry only normal lines (NUONUO-BILL "红票只有正常行").
    if (colour === 'red') {
      out.push(violation('red_only_normal_lines', '红字发票只能包含正常行，不能有折扣行或被折扣行', no));
      continue;
    }
    if (k === 'discounted') {
      // §4.5: the last line may not be a 被折扣行, and its discount line must follow immediately.
      if (kind(i + 1) !== 'discount')
        out.push(violation('discounted_without_discount', '被折扣行之后须紧跟其折扣行', no));
      continue;
    }
    // k === 'discount'
    if (i === 0) {
      out.push(violation('discount_first_line', '第一行不能是折扣行', no));
      continue;
    }
    if (kind(i - 1) === 'discount') {
      out.push(
        violation('discount_adjacent', '折扣行不能与另一折扣行相邻（一个被折扣行只能有一个折扣行）', no),
      );
      continue;
    }
    if (kind(i - 1) !== 'discounted') {
      out.push(
        violation('discount_without_discounted', '折扣行须紧跟在其被折扣行之后，且该行须标为被折扣行', no),
      );
      continue;
    }
    out.push(...checkPair(lines[i - 1], lines[i], figures[i - 1], figures[i], no));
  }
  return out;
}

function checkPair(
  target: LineDraft,
  discount: LineDraft,
  tf: LineFigures,
  df: LineFigures,
  no: number,
): Violation[] {
  const out: Violation[] = [];
  // E9105: same 商品名称; E9112: same 税率 (and the same preferential flag, which is part of the rate); dxhy 9020: same code.
  if ((target.name ?? '').trim() !== (discount.name ?? '').trim())
    out.push(violation('discount_name_mismatch', `折扣行的商品名称须与第${no - 1}行相同`, no));
  if (target.rate !== discount.rate || target.policy !== discount.policy)
    out.push(violation('discount_rate_mismatch', `折扣行的税率须与第${no - 1}行相同`, no));
  if ((target.taxCode ?? '') !== (discount.taxCode ?? ''))
    out.push(violation('discount_tax_code_mismatch', `折扣行的税收分类编码须与第${no - 1}行相同`, no));
  // E9108 / dxhy 9023: |折扣金额| ≤ 被折扣金额 — on 金额 and on 含税金额, whichever the channel compares.
  const abs = (v: bigint) => (v < 0n ? -v : v);
  if (abs(df.amount) > abs(tf.amount) || abs(df.amountInclusive) > abs(tf.amountInclusive))
    out.push(violation('discount_exceeds_discounted', `折扣金额不能大于第${no - 1}行的金额`, no));
  return out;
}

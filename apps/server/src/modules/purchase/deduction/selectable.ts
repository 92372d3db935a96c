import { local, purchaseDeductionMessages, type SelectOutcome } from '@fpy/contracts';
import { deductionSelections, type receivedInvoices } from '@fpy/db';
import { type ReceivedState, type SelectableInput, whyNotSelectable } from '@fpy/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../lib/write/index.ts';
import { chinaToday } from './period.ts';

export type ReceivedRow = typeof receivedInvoices.$inferSelect;
export type SelectionRow = typeof deductionSelections.$inferSelect;

/** A selection that holds its invoice (an invoice is selected at most once). */
export const HOLDING = ['selecting', 'selected', 'undoing'];

export const reasonText = (code: string) => {
  const m = (purchaseDeductionMessages as Record<string, { zh: string; en: string } | undefined>)[code];
  return m ? local(m.zh, m.en) : local(code, code);
};

export const shanghaiStamp = (d: Date) =>
  new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

export function selectableInput(inv: ReceivedRow, sel: SelectionRow | undefined): SelectableInput {
  return {
    type: inv.invoiceType,
    colour: inv.colour as 'blue' | 'red',
    state: inv.state as ReceivedState,
    issueDate: inv.issueDate,
    taxFen: inv.taxFen,
    selected: Boolean(sel && HOLDING.includes(sel.state)),
  };
}

/** Why `inv` cannot be selected for `period` (open) today, or null. */
export function whyNot(inv: ReceivedRow, sel: SelectionRow | undefined, period: string, now = new Date()) {
  return whyNotSelectable(selectableInput(inv, sel), { period, state: 'open', today: chinaToday(now) });
}

export async function selectionsOf(tx: Tx, tenantId: number, invoiceIds: number[]) {
  if (!invoiceIds.length) return new Map<number, SelectionRow>();
  const rows = await tx
    .select()
    .from(deductionSelections)
    .where(
      and(
        eq(deductionSelections.tenantId, tenantId),
        inArray(deductionSelections.receivedInvoiceId, invoiceIds),
      ),
    );
  return new Map(rows.map((r) => [r.receivedInvoiceId, r]));
}

export type Skipped = SelectOutcome['skipped'];

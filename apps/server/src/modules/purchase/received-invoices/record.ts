import { receivedInvoiceChanges, receivedInvoices } from '@fpy/db';
import type { InvoiceType, TaxRate } from '@fpy/domain';
import { and, eq } from 'drizzle-orm';
import { type AuditCtx, emitAudit, type Tx } from '../../../lib/write/index.ts';
import { emitStateChanged } from './hooks.ts';
import { periodOf, receivedInvoiceKey } from './key.ts';

export type ReceivedState = 'normal' | 'red' | 'voided' | 'abnormal';
export type ReceivedSource = 'sync' | 'file' | 'manual';

export interface ReceivedLine {
  name: string;
  amountFen: number;
  taxFen: number;
  rate: TaxRate;
}

/** What a source knows of a received invoice. Money in fen (negative on a red invoice). */
export interface ReceivedFields {
  /** 发票代码 of a legacy invoice; absent / null for 数电. */
  code?: string | null;
  number: string;
  buyerTaxNumber: string;
  buyerName: string;
  sellerName: string;
  sellerTaxNumber: string;
  type: InvoiceType;
  colour: 'blue' | 'red';
  /** yyyy-MM-dd */
  issueDate: string;
  amountFen: number;
  taxFen: number;
  totalFen: number;
  lines?: ReceivedLine[];
  blueNumber?: string | null;
  /** The bureau's state, when the source knows it (sync, a 查验 reply); absent leaves the state as it is. */
  state?: ReceivedState;
  /** When the bureau says the state changed. */
  stateChangedAt?: Date | null;
}

export interface RecordReceivedInput {
  tenantId: number;
  fields: ReceivedFields;
  source: ReceivedSource;
  actorId?: number | null;
  /** Who acted, for the audit row (a sync has no actor). */
  audit?: AuditCtx;
}

export interface RecordReceivedResult {
  id: number;
  /** A new row. */
  created: boolean;
  /** An existing row changed (state, fields from the bureau, or a new source). */
  changed: boolean;
  /** The invoice was already known (from this or another source). */
  duplicate: boolean;
  state: ReceivedState;
}

/** Fields the bureau's collection may correct on a row seen before (a file or a hand entry never overwrites). */
const BUREAU_FIELDS = [
  'buyerName',
  'sellerName',
  'sellerTaxNumber',
  'invoiceType',
  'amountFen',
  'taxFen',
  'totalFen',
  'issueDate',
  'blueNumber',
] as const;

/** Lines compared by value (jsonb hands keys back in its own order). */
const linesText = (lines: unknown) =>
  JSON.stringify(((lines ?? []) as ReceivedLine[]).map((l) => [l.name, l.amountFen, l.taxFen, l.rate]));

function values(input: RecordReceivedInput) {
  const f = input.fields;
  const lines = f.lines ?? [];
  return {
    tenantId: input.tenantId,
    invoiceKey: receivedInvoiceKey(f),
    code: f.code?.trim() || null,
    number: f.number.trim(),
    buyerTaxNumber: f.buyerTaxNumber,
    buyerName: f.buyerName,
    sellerName: f.sellerName,
    sellerTaxNumber: f.sellerTaxNumber,
    invoiceType: f.type,
    colour: f.colour,
    issueDate: f.issueDate,
    period: periodOf(f.issueDate),
    amountFen: f.amountFen,
    taxFen: f.taxFen,
    totalFen: f.totalFen,
    rates: [...new Set(lines.map((l) => l.rate))].sort(),
    lines,
    blueNumber: f.blueNumber ?? null,
    state: f.state ?? 'normal',
    stateChangedAt: f.state && f.state !== 'normal' ? (f.stateChangedAt ?? new Date()) : null,
    sources: [input.source],
    firstSource: input.source,
  };
}

/**
 * Records a received invoice seen by a source, inside the caller's transaction: one row per tenant and invoice key
 * whatever the source (sync, file, manual) and however often it is seen. A new row is `created`; a row seen again
 * is a `duplicate`, and `changed` when the bureau's state moved, the bureau corrected a field, or a new source saw
 * it. Every change is kept in received_invoice_changes and audited; a state change runs the onReceivedStateChanged
 * hooks in the same transaction. Seeing the same thing twice writes nothing.
 */
export async function recordReceived(tx: Tx, input: RecordReceivedInput): Promise<RecordReceivedResult> {
  const v = values(input);
  const audit: AuditCtx = input.audit ?? { actor: null, ip: null };
  const actorId = input.actorId ?? audit.actor?.userId ?? null;
  const [inserted] = await tx
    .insert(receivedInvoices)
    .values(v)
    .onConflictDoNothing({ target: [receivedInvoices.tenantId, receivedInvoices.invoiceKey] })
    .returning({ id: receivedInvoices.id });
  if (inserted) {
    await tx.insert(receivedInvoiceChanges).values({
      tenantId: v.tenantId,
      receivedInvoiceId: inserted.id,
      kind: 'created',
      toState: v.state,
      source: input.source,
      happenedAt: v.stateChangedAt,
      actorId,
    });
    await emitAudit(tx, audit, {
      tenantId: v.tenantId,
      resource: 'receivedInvoices',
      recordId: inserted.id,
      action: 'receive',
      changes: { invoiceKey: v.invoiceKey, source: input.source, state: v.state },
    });
    if (v.state !== 'normal')
      await emitStateChanged(tx, {
        tenantId: v.tenantId,
        receivedInvoiceId: inserted.id,
        invoiceKey: v.invoiceKey,
        fromState: null,
        toState: v.state,
        source: input.source,
        happenedAt: v.stateChangedAt,
      });
    return { id: inserted.id, created: true, changed: false, duplicate: false, state: v.state };
  }

  const [row] = await tx
    .select()
    .from(receivedInvoices)
    .where(and(eq(receivedInvoices.tenantId, v.tenantId), eq(receivedInvoices.invoiceKey, v.invoiceKey)))
    .for('update');
  // The sandbox bureau numbers per seller, so one number may name two sellers' invoices: never merge those.
  if (input.source === 'sync' && row.sellerTaxNumber !== v.sellerTaxNumber)
    return { id: row.id, created: false, changed: false, duplicate: true, state: row.state as ReceivedState };
  const set: Partial<typeof receivedInvoices.$inferInsert> = {};
  const changes: (typeof receivedInvoiceChanges.$inferInsert)[] = [];
  const base = { tenantId: v.tenantId, receivedInvoiceId: row.id, source: input.source, actorId };

  if (!row.sources.includes(input.source)) {
    set.sources = [...row.sources, input.source];
    changes.push({ ...base, kind: 'source', detail: { sources: set.sources } });
  }
  if (input.source === 'sync') {
    const diff: Record<string, [unknown, unknown]> = {};
    for (const k of BUREAU_FIELDS) {
      if (row[k] !== v[k]) {
        diff[k] = [row[k], v[k]];
        (set as Record<string, unknown>)[k] = v[k];
      }
    }
    if (diff.issueDate) set.period = v.period;
    if (v.lines.length && linesText(row.lines) !== linesText(v.lines)) {
      set.lines = v.lines;
      set.rates = v.rates;
      if ((row.lines as unknown[]).length) diff.lines = [row.lines, v.lines];
    }
    if (Object.keys(diff).length) changes.push({ ...base, kind: 'fields', detail: diff });
  } else if (!(row.lines as unknown[]).length && v.lines.length) {
    set.lines = v.lines;
    set.rates = v.rates;
  }
  const stateMoved = input.fields.state !== undefined && input.fields.state !== row.state;
  if (stateMoved) {
    set.state = v.state;
    set.stateChangedAt = input.fields.stateChangedAt ?? new Date();
    changes.push({
      ...base,
      kind: 'state',
      fromState: row.state,
      toState: v.state,
      happenedAt: set.stateChangedAt,
    });
  }
  if (!Object.keys(set).length)
    return { id: row.id, created: false, changed: false, duplicate: true, state: row.state as ReceivedState };

  await tx.update(receivedInvoices).set(set).where(eq(receivedInvoices.id, row.id));
  if (changes.length) {
    await tx.insert(receivedInvoiceChanges).values(changes);
    await emitAudit(
      tx,
      audit,
      changes.map((c) => ({
        tenantId: v.tenantId,
        resource: 'receivedInvoices',
        recordId: row.id,
        action: `change_${c.kind}`,
        changes: {
          source: input.source,
          fromState: c.fromState ?? null,
          toState: c.toState ?? null,
          detail: c.detail ?? null,
        },
      })),
    );
  }
  if (stateMoved)
    await emitStateChanged(tx, {
      tenantId: v.tenantId,
      receivedInvoiceId: row.id,
      invoiceKey: v.invoiceKey,
      fromState: row.state,
      toState: v.state,
      source: input.source,
      happenedAt: set.stateChangedAt ?? null,
    });
  return {
    id: row.id,
    created: false,
    changed: changes.length > 0,
    duplicate: true,
    state: (set.state ?? row.state) as ReceivedState,
  };
}

import type { Db } from '@fpy/db';
import type { Tx } from '../../../lib/write/index.ts';

/** A received invoice's bureau state changed (or it arrived in a state other than normal: `fromState` null). */
export interface ReceivedStateChange {
  tenantId: number;
  receivedInvoiceId: number;
  invoiceKey: string;
  fromState: string | null;
  toState: string;
  source: string;
  happenedAt: Date | null;
}

type Listener = (tx: Tx, change: ReceivedStateChange) => Promise<void> | void;
const listeners = new Set<Listener>();

/**
 * Registers a reaction (warnings, deduction) to state changes; it runs inside the transaction that records the
 * change, so what it writes commits or rolls back with it. Returns the unregister function.
 */
export function onReceivedStateChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function emitStateChanged(tx: Tx, change: ReceivedStateChange) {
  for (const l of listeners) await l(tx, change);
}

/** A received line's bookkeeping codes (入账科目, 物料编码), as the module that keeps them answers. */
export interface ReceivedLineCode {
  lineNo: number;
  subjectCode: string;
  subjectName: string;
  materialCode: string | null;
}

type LineCodeSource = (db: Db, tenantId: number, receivedInvoiceId: number) => Promise<ReceivedLineCode[]>;
let lineCodeSource: LineCodeSource | null = null;

/** The module that codes received lines (purchase/code-update) answers the detail's codes; without it, none. */
export function provideLineCodes(source: LineCodeSource) {
  lineCodeSource = source;
}

export const lineCodesOf = (db: Db, tenantId: number, receivedInvoiceId: number) =>
  lineCodeSource ? lineCodeSource(db, tenantId, receivedInvoiceId) : Promise.resolve([]);

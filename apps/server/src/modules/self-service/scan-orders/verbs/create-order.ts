import type { CreateOrderBody } from '@fpy/contracts';
import { type Db, type RequestLine, scanOrders } from '@fpy/db';
import { orderAmountFen, orderExpiresAt, type ScanOrderOrigin } from '@fpy/domain';
import { and, eq } from 'drizzle-orm';
import { badRequest } from '../../../../lib/errors.ts';
import { type AuditCtx, emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { newShortCode } from '../../../delivery/short-links/index.ts';
import { recompute } from '../../../sales/invoicing/index.ts';
import { codeRatesFor } from '../../../sales/tax-codes/index.ts';
import { readOrderWindow } from '../window.ts';

type Order = typeof scanOrders.$inferSelect;

export interface CreateOrderInput {
  tenantId: number;
  origin: ScanOrderOrigin;
  externalNo?: string | null;
  lines: CreateOrderBody['lines'];
  remarks?: string | null;
  /** Creation time (the demo seed backdates; default now). */
  at?: Date;
}

export const toStoredLines = (lines: CreateOrderBody['lines']): RequestLine[] =>
  lines.map((l) => ({
    name: l.name,
    amountFen: l.amountFen,
    rate: l.rate,
    ...(l.taxCode ? { taxCode: l.taxCode } : {}),
    ...(l.quantity ? { quantity: l.quantity } : {}),
    ...(l.unit ? { unit: l.unit } : {}),
    ...(l.spec ? { spec: l.spec } : {}),
  }));

/**
 * A new order: its amount is the sum of its lines (exact, @fpy/domain), its code random (16 base62 ≈ 95 bits,
 * delivery's short-code draw), its expiry the tenant's window from now. Idempotent on the order number: a
 * replayed POS receipt, import row or API call answers the first order (`created` false).
 */
export async function createOrder(
  ctx: AuditCtx & { db: Db },
  input: CreateOrderInput,
): Promise<{ order: Order; created: boolean }> {
  const amountFen = orderAmountFen(input.lines);
  if (amountFen === null) throw badRequest('ORDER_AMOUNT_INVALID');
  // The lines as sales/invoicing will judge them when the buyer asks (a rate the tax code does not allow, a
  // figure out of range): refused now, naming the line, instead of an order that could never be issued.
  recompute(
    {
      type: 'digital_ordinary',
      pricingMode: 'inclusive',
      buyer: { name: '购买方' },
      lines: toStoredLines(input.lines).map((l) => ({
        name: l.name,
        amount: l.amountFen,
        rate: l.rate as CreateOrderBody['lines'][number]['rate'],
        ...(l.taxCode ? { taxCode: l.taxCode } : {}),
        ...(l.quantity ? { quantity: l.quantity } : {}),
        ...(l.unit ? { unit: l.unit } : {}),
        ...(l.spec ? { spec: l.spec } : {}),
      })),
    },
    await codeRatesFor(ctx.db),
  );
  const at = input.at ?? new Date();
  const expiresAt = orderExpiresAt(at, await readOrderWindow(ctx.db, input.tenantId));
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(scanOrders)
      .values({
        tenantId: input.tenantId,
        code: newShortCode(16),
        origin: input.origin,
        externalNo: input.externalNo ?? null,
        amountFen,
        lines: toStoredLines(input.lines),
        remarks: input.remarks ?? null,
        expiresAt,
        createdBy: ctx.actor?.userId ?? null,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [first] = await tx
        .select()
        .from(scanOrders)
        .where(
          and(eq(scanOrders.tenantId, input.tenantId), eq(scanOrders.externalNo, input.externalNo ?? '')),
        );
      if (first) return { order: first, created: false };
      throw new Error('could not draw a free order code');
    }
    await emitAudit(tx, ctx, {
      tenantId: row.tenantId,
      resource: 'scan_orders',
      recordId: row.id,
      action: 'create',
      changes: { origin: row.origin, externalNo: row.externalNo, amountFen, lines: row.lines.length },
    });
    return { order: row, created: true };
  });
}

import { type Db, invoices, redLetterForms } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { businessError, notFound } from '../../../lib/errors.ts';
import { TaxGatewayError, type RedForm } from '../../../gateways/tax-bureau/gateway.ts';

type Form = typeof redLetterForms.$inferSelect;

/** The blue invoice under a row lock: every write that takes from its remainder is serialised on it. */
export async function lockBlue(tx: Db, tenantId: number, id: number) {
  const [blue] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.tenantId, tenantId)))
    .for('update');
  if (!blue) throw notFound('NOT_FOUND.blue');
  return blue;
}

export async function loadForm(db: Db, tenantId: number, id: number, lock = false): Promise<Form> {
  const q = db
    .select()
    .from(redLetterForms)
    .where(and(eq(redLetterForms.id, id), eq(redLetterForms.tenantId, tenantId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('NOT_FOUND.red_form');
  return row;
}

/** Copies the bureau's answer onto our row (the bureau holds the authoritative state, §6.1). */
export async function mirror(db: Db, form: Pick<Form, 'id' | 'tenantId'>, answer: RedForm): Promise<Form> {
  const [row] = await db
    .update(redLetterForms)
    .set({ formNo: answer.formNo, state: answer.state, deadline: answer.deadline, updatedAt: new Date() })
    .where(and(eq(redLetterForms.id, form.id), eq(redLetterForms.tenantId, form.tenantId)))
    .returning();
  return row;
}

/** A refusal by the bureau becomes a 409 with its Chinese message; anything else stays a 500. */
export function bureauRefusal(err: unknown): never {
  if (err instanceof TaxGatewayError) throw businessError(err.key);
  throw err;
}

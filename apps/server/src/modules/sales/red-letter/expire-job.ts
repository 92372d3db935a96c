import { redLetterForms } from '@fpy/db';
import { and, eq, inArray, lt, lte } from 'drizzle-orm';
import type { Services } from '../../../http/context.ts';
import { RED_FORM_PENDING_STATES } from '@fpy/contracts';

export const EXPIRE_TASK = 'red-letter.expire';
/** An `applying` row older than this lost its bureau answer (crash mid-call): it stops holding the blue amount. */
const STALE_APPLYING_MS = 10 * 60_000;
const REFRESH_BATCH = 200;

/**
 * Every minute: the bureau's 72-hour auto-void (§6.1; the sandbox's sweep stands in for the bureau's own timer)
 * mirrored into red_letter_forms, and pending forms re-read so the other party's confirmation or refusal shows.
 * Conditional UPDATEs only, so running twice (or in two processes) is harmless.
 */
export function registerExpireJob({ db, scheduler, taxGatewayFor }: Services) {
  scheduler.every(EXPIRE_TASK, 60_000, async (now) => {
    const gw = taxGatewayFor(db);
    const pending = inArray(redLetterForms.state, [...RED_FORM_PENDING_STATES]);
    const voided = await gw.sweepExpired(now);
    for (const f of voided)
      await db
        .update(redLetterForms)
        .set({ state: 'void_expired', updatedAt: now })
        .where(and(eq(redLetterForms.formNo, f.formNo), pending));
    // §6.1 makes the window itself final: a mirrored deadline that passed is void whatever the last answer said.
    await db
      .update(redLetterForms)
      .set({ state: 'void_expired', updatedAt: now })
      .where(and(pending, lte(redLetterForms.deadline, now)));
    const open = await db.select().from(redLetterForms).where(pending).limit(REFRESH_BATCH);
    for (const f of open) {
      if (!f.formNo) continue;
      const answer = await gw.queryRedForm(f.tenantId, f.formNo);
      if (answer && answer.state !== f.state)
        await db
          .update(redLetterForms)
          .set({ state: answer.state, deadline: answer.deadline, updatedAt: now })
          .where(and(eq(redLetterForms.id, f.id), eq(redLetterForms.state, f.state)));
    }
    await db
      .delete(redLetterForms)
      .where(
        and(
          eq(redLetterForms.state, 'applying'),
          lt(redLetterForms.createdAt, new Date(now.getTime() - STALE_APPLYING_MS)),
        ),
      );
  });
}

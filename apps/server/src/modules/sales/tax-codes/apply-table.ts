import type { Db } from '@fpy/db';
import { taxCodeJobs, taxCodeRetirements, taxCodes, tenantCodingMemory } from '@fpy/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { businessError } from '../../../lib/errors.ts';
import type { TaxCodeRow } from './table-file.ts';
import { withTransaction } from '../../../lib/write/index.ts';

const COMPARED = [
  'name',
  'shortName',
  'description',
  'vatRates',
  'keywords',
  'parentCode',
  'level',
  'isLeaf',
  'isSummary',
] as const;

export interface ApplyInput {
  kind: 'import' | 'sync';
  rows: TaxCodeRow[];
  version: string;
  fileName: string;
  userId: number | null;
  /** import: refuse (or, at first start, skip) when the table already has rows. */
  onlyIfEmpty?: boolean;
}

export type TaxCodeJob = typeof taxCodeJobs.$inferSelect;

const BATCH = 500;
const chunks = <T>(xs: T[]) =>
  Array.from({ length: Math.ceil(xs.length / BATCH) }, (_, i) => xs.slice(i * BATCH, (i + 1) * BATCH));

/**
 * Loads a table file into tax_codes in one transaction: adds new codes, updates changed ones and marks
 * codes missing from the file as retired (enabled = false) — never deleting them, since invoices and
 * tenants' commodity codes refer to them. Each retirement is recorded in tax_code_retirements for the
 * commodity-code module to flag the products still using it. Returns the job row with its report.
 */
export async function applyTable(db: Db, input: ApplyInput): Promise<TaxCodeJob | null> {
  return withTransaction({ db }, async (tx) => {
    // One writer at a time: a second sync (or a second process at first start) waits and then sees our rows.
    await tx.execute(sql`LOCK TABLE tax_codes IN EXCLUSIVE MODE`);
    const existing = await tx.select().from(taxCodes);
    if (input.onlyIfEmpty && existing.length) {
      if (input.userId === null) return null;
      throw businessError('TAX_CODES_NOT_EMPTY');
    }
    const before = new Map(existing.map((r) => [r.code, r]));
    const inFile = new Set(input.rows.map((r) => r.code));
    const added: TaxCodeRow[] = [];
    const changed: { row: TaxCodeRow; fields: string[] }[] = [];
    let unchanged = 0;
    for (const row of input.rows) {
      const old = before.get(row.code);
      if (!old) {
        added.push(row);
        continue;
      }
      const fields: string[] = COMPARED.filter((f) => old[f] !== row[f]);
      if (!old.enabled) fields.push('enabled');
      if (fields.length) changed.push({ row, fields });
      else unchanged++;
    }
    const retired = existing.filter((r) => r.enabled && !inFile.has(r.code));

    for (const part of chunks(added))
      await tx.insert(taxCodes).values(part.map((r) => ({ ...r, enabled: true, version: input.version })));
    for (const { row } of changed)
      await tx
        .update(taxCodes)
        .set({ ...row, enabled: true, version: input.version })
        .where(eq(taxCodes.code, row.code));
    const reinstated = changed.filter((c) => c.fields.includes('enabled')).map((c) => c.row.code);
    for (const part of chunks(reinstated))
      await tx
        .update(taxCodeRetirements)
        .set({ reinstatedAt: new Date() })
        .where(and(inArray(taxCodeRetirements.code, part), isNull(taxCodeRetirements.reinstatedAt)));
    for (const part of chunks(retired.map((r) => r.code)))
      await tx.update(taxCodes).set({ enabled: false }).where(inArray(taxCodes.code, part));

    // Tenants' remembered codings that point at a retired code: counted here, skipped by the AI ranking.
    let flaggedMemory = 0;
    for (const part of chunks(retired.map((r) => r.code))) {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(tenantCodingMemory)
        .where(inArray(tenantCodingMemory.code, part));
      flaggedMemory += n;
    }

    const details = {
      addedCodes: added.map((r) => r.code),
      changedCodes: changed.map((c) => ({ code: c.row.code, fields: c.fields })),
      retiredCodes: retired.map((r) => r.code),
      flaggedMemory,
    };
    const [job] = await tx
      .insert(taxCodeJobs)
      .values({
        kind: input.kind,
        version: input.version,
        fileName: input.fileName,
        total: input.rows.length,
        added: added.length,
        changed: changed.length,
        retired: retired.length,
        unchanged,
        details,
        createdBy: input.userId,
      })
      .returning();

    if (retired.length) {
      // A newly added code with the same name is the likely successor; offered, never applied.
      const addedByName = new Map<string, string[]>();
      for (const r of added) addedByName.set(r.name, [...(addedByName.get(r.name) ?? []), r.code]);
      for (const part of chunks(retired))
        await tx.insert(taxCodeRetirements).values(
          part.map((r) => {
            const successors = addedByName.get(r.name) ?? [];
            return {
              code: r.code,
              name: r.name,
              jobId: job.id,
              suggestedCode: successors.length === 1 ? successors[0] : null,
            };
          }),
        );
    }
    return job;
  });
}

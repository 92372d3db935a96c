import { type Db, knownCompanies } from '@fpy/db';
import { checkCreditCode } from '@fpy/domain';
import { sql } from 'drizzle-orm';

/**
 * 已知企业: companies the platform has seen as buyers of issued invoices (and the demo seed's list). Only what
 * the business register publishes is kept — the name and the 18-character 统一社会信用代码 whose checksum passes —
 * and never which tenant invoiced them. A natural person, an ID number, an older or unverifiable number is not
 * kept (see README: why this is safe to show to every tenant's buyers).
 */
export interface KnownCompany {
  name: string;
  taxNumber: string;
}

/** Whether a buyer may join the list: a company with a checksum-valid credit code and a name of sane length. */
export function isPublicCompany(
  name: string | null | undefined,
  taxNumber: string | null | undefined,
  naturalPerson = false,
) {
  const n = name?.trim() ?? '';
  const t = taxNumber?.trim().toUpperCase() ?? '';
  return !naturalPerson && n.length >= 2 && n.length <= 100 && checkCreditCode(t).status === 'valid';
}

/**
 * Adds or refreshes companies (the newest name wins: companies rename, the credit code stays). Not audited: it
 * records public register data the platform observed, not a user's change.
 */
export async function learnCompanies(db: Db, rows: readonly KnownCompany[], source: 'invoice' | 'seed') {
  const fresh = new Map<string, string>();
  for (const r of rows)
    if (isPublicCompany(r.name, r.taxNumber)) fresh.set(r.taxNumber.trim().toUpperCase(), r.name.trim());
  if (!fresh.size) return 0;
  const now = new Date();
  await db
    .insert(knownCompanies)
    .values([...fresh].map(([taxNumber, name]) => ({ taxNumber, name, source, seenAt: now })))
    .onConflictDoUpdate({
      target: knownCompanies.taxNumber,
      set: { name: sql`excluded.name`, seenAt: now },
    });
  return fresh.size;
}

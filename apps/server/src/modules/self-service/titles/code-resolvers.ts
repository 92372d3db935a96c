import type { Db } from '@fpy/db';

/**
 * Which tenant a buyer's code belongs to. The titles module does not know order codes or board codes: the
 * modules that own them (scan-orders, code-boards) register a resolver here from their own register…Module, so
 * the dependency runs from them to titles, never back. A resolver answers null for a code it does not know, or
 * one that is not usable any more (voided, expired, switched off) — the title help then answers like for an
 * unknown code.
 */
export type TitleCodeResolver = (db: Db, code: string) => Promise<{ tenantId: number } | null>;

const resolvers = new Map<string, TitleCodeResolver>();

/** `kind` names the resolver ('order', 'board'); registering a kind again replaces it (a second app in a test). */
export function registerTitleCodeResolver(kind: string, resolver: TitleCodeResolver) {
  resolvers.set(kind, resolver);
}

/** The tenant of `code`, asking every resolver (each looks the code up once); null when none knows it. */
export async function tenantOfCode(db: Db, code: string): Promise<number | null> {
  for (const resolve of resolvers.values()) {
    const found = await resolve(db, code);
    // Only a real tenant id counts: a resolver looking codes up in a plain object could answer `__proto__`.
    if (found && Number.isSafeInteger(found.tenantId) && found.tenantId > 0) return found.tenantId;
  }
  return null;
}

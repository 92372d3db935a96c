import { catalogueCodes, type DashboardAudience, type DashboardCard } from '@fpy/contracts';
import { isPlatformAccount } from '@fpy/domain';
import type { AuthedCtx } from '../../../../http/context.ts';

/** A card's content without its identity: what an area's loader computes. */
type Body<C> = C extends DashboardCard ? Omit<C, 'id' | 'area'> : never;
export type DashboardCardBody = Body<DashboardCard>;

export interface DashboardCardDef {
  /** Stable, kebab-case; the web finds its labels under dashboard.card.<id>. */
  id: string;
  /** Product area, e.g. 'sales', 'platform'. */
  area: string;
  audience: DashboardAudience;
  /**
   * The code(s) of the page that owns the card's data (any one suffices): the card is left out unless the caller
   * holds one, so the dashboard never shows what that page would refuse. Required: every card declares it.
   */
  permission: string | readonly string[];
  /** Lower first; cards of equal order keep their registration order. */
  order?: number;
  /**
   * Computes the card for the caller. Every read goes through the shared tenant scope (data/tenant-scope.ts), so
   * a tenant user only ever sees their own company. Answer null to leave the card out (nothing to show).
   */
  load(ctx: AuthedCtx): Promise<DashboardCardBody | null>;
}

/**
 * The one registry of dashboard cards. Areas register from their own folders when their module registers, so the
 * dashboard never imports an area's internals. Module-level because the definitions are static code: registering
 * the same id again (another app in the same process, e.g. tests) replaces it instead of duplicating it.
 */
const cards = new Map<string, DashboardCardDef>();

const KNOWN_CODES = catalogueCodes();

/** Registers a card; a card whose permission names no catalogue code would be shown to nobody or checked by nothing. */
export function registerDashboardCard(def: DashboardCardDef): void {
  const codes = typeof def.permission === 'string' ? [def.permission] : [...def.permission];
  const unknown = codes.filter((c) => !KNOWN_CODES.has(c));
  if (!codes.length || unknown.length)
    throw new Error(`dashboard card ${def.id}: permission must name catalogue codes (${unknown.join(', ')})`);
  cards.set(def.id, def);
}

export const audienceOf = (ctx: AuthedCtx): DashboardAudience =>
  isPlatformAccount(ctx.actor.isSuperAdmin) || ctx.actor.tenantId === null ? 'platform' : 'tenant';

/** A code the caller holds (the platform super administrator holds every code). */
export function holds(ctx: AuthedCtx, permission: string | readonly string[]): boolean {
  if (ctx.actor.platform) return true;
  const codes = typeof permission === 'string' ? [permission] : permission;
  return codes.some((c) => ctx.actor.codes.has(c));
}

/** The caller's cards, loaded in parallel; a card that fails is logged and left out rather than failing the page. */
export async function loadDashboardCards(ctx: AuthedCtx): Promise<DashboardCard[]> {
  const audience = audienceOf(ctx);
  const defs = [...cards.values()]
    .map((def, index) => ({ def, index }))
    .filter(({ def }) => def.audience === audience && holds(ctx, def.permission))
    .sort((a, b) => (a.def.order ?? 0) - (b.def.order ?? 0) || a.index - b.index)
    .map(({ def }) => def);
  const loaded = await Promise.all(
    defs.map(async (def) => {
      try {
        const body = await def.load(ctx);
        return body ? ({ ...body, id: def.id, area: def.area } as DashboardCard) : null;
      } catch (err) {
        ctx.log.error({ err, card: def.id }, 'dashboard card failed');
        return null;
      }
    }),
  );
  return loaded.filter((c): c is DashboardCard => c !== null);
}

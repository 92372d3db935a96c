import type { Db } from '@fpy/db';
import {
  accessTokens,
  groupElements,
  groupMembers,
  groupMenus,
  elements,
  menus,
  tenants,
  users,
} from '@fpy/db';
import { RecordStatus, SuperAdmin } from '@fpy/domain';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Actor } from '../http/context.ts';
import { sha256 } from '../lib/hash.ts';

/** Every code a user holds: all codes for the platform super administrator, else the union of their groups' grants. */
export async function loadCodes(db: Db, userId: number, isSuperAdmin: number): Promise<Set<string>> {
  if (isSuperAdmin === SuperAdmin.Platform) {
    const [m, e] = await Promise.all([
      db.select({ c: menus.code }).from(menus),
      db.select({ c: elements.code }).from(elements),
    ]);
    return new Set([...m.map((r) => r.c), ...e.map((r) => r.c)]);
  }
  const groupIds = (
    await db.select({ g: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId))
  ).map((r) => r.g);
  if (!groupIds.length) return new Set();
  const [m, e] = await Promise.all([
    db
      .selectDistinct({ c: menus.code })
      .from(groupMenus)
      .innerJoin(menus, eq(menus.id, groupMenus.menuId))
      .where(inArray(groupMenus.groupId, groupIds)),
    db
      .selectDistinct({ c: elements.code })
      .from(groupElements)
      .innerJoin(elements, eq(elements.id, groupElements.elementId))
      .where(inArray(groupElements.groupId, groupIds)),
  ]);
  return new Set([...m.map((r) => r.c), ...e.map((r) => r.c)]);
}

const ACTOR_TTL_MS = 30_000;

/**
 * token → actor, cached in process for 30 s so authorised reads cost no database round trip.
 * Revocation, password changes and grant changes clear the cache (invalidateAuthz), in this process at once
 * and in every other one through the bus (lib/bus.ts, Redis pub/sub) within milliseconds.
 */
export class ActorCache {
  private cache = new Map<string, { actor: Actor | null; exp: number }>();
  /** Bumped by clear(): a load that began before a clear must not put its (possibly stale) actor back. */
  private generation = 0;
  constructor(private db: Db) {}

  clear() {
    this.generation += 1;
    this.cache.clear();
  }

  async resolve(token: string): Promise<Actor | null> {
    const tokenHash = sha256(token);
    const hit = this.cache.get(tokenHash);
    const now = Date.now();
    if (hit && hit.exp > now) return hit.actor;
    const generation = this.generation;
    const loaded = await this.load(tokenHash);
    if (generation !== this.generation) return loaded?.actor ?? null;
    if (this.cache.size > 50_000) this.cache.clear();
    // Never cache past the token's own expiry.
    const exp = Math.min(now + ACTOR_TTL_MS, loaded?.expiresAt.getTime() ?? Number.POSITIVE_INFINITY);
    this.cache.set(tokenHash, { actor: loaded?.actor ?? null, exp });
    return loaded?.actor ?? null;
  }

  private async load(tokenHash: string): Promise<{ actor: Actor; expiresAt: Date } | null> {
    const rows = await this.db
      .select({ user: users, expiresAt: accessTokens.expiresAt, tenantStatus: tenants.status })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .leftJoin(tenants, eq(tenants.id, users.tenantId))
      .where(
        and(
          eq(accessTokens.tokenHash, tokenHash),
          isNull(accessTokens.revokedAt),
          gt(accessTokens.expiresAt, new Date()),
        ),
      )
      .limit(1);
    const row = rows[0];
    if (!row || row.user.status !== RecordStatus.Active) return null;
    if (row.user.tenantId !== null && row.tenantStatus !== RecordStatus.Active) return null;
    const u = row.user;
    const actor: Actor = {
      userId: u.id,
      username: u.username,
      name: u.name,
      tenantId: u.tenantId,
      isSuperAdmin: u.isSuperAdmin,
      isInsideUser: u.isInsideUser,
      codes: await loadCodes(this.db, u.id, u.isSuperAdmin),
      platform: u.isSuperAdmin === SuperAdmin.Platform,
      tokenHash,
    };
    return { actor, expiresAt: row.expiresAt };
  }
}

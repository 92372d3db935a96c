import { OPEN_GROUP_TEXTS, OPEN_GROUPS, type OpenContract, openPathOf } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import {
  openAccessTokens,
  openAppGroups,
  openApps,
  openInterfaceGroups,
  openInterfaces,
  openLicenses,
  openRateLimits,
  tenants,
  users,
} from '@fpy/db';
import { RecordStatus } from '@fpy/domain';
import { and, asc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';

/** Bus topic: apps, groups, licences, limits or interfaces changed (the console pages publish it). */
export const OPEN_PLATFORM_TOPIC = 'open-platform';

const TTL_MS = 30_000;

export interface OpenApp {
  id: number;
  appKey: string;
  name: string;
  secretCipher: string;
  state: string;
  tenantId: number | null;
  ipWhitelist: string[];
  groups: ReadonlySet<string>;
}

export interface OpenEnterprise {
  tenantId: number;
  name: string;
  creditCode: string;
  active: boolean;
  /** The company's first administrator account: the actor's user (created_by of what the call writes). */
  userId: number | null;
  isSuperAdmin: number;
  isInsideUser: number;
}

export interface OpenLicense {
  state: string;
  expiresAt: Date | null;
  scopes: readonly string[];
}

export interface OpenLimitRow {
  scope: string;
  appId: number | null;
  tenantId: number | null;
  operation: string | null;
  points: number;
  windowSeconds: number;
}

class TtlMap<K, V> {
  private m = new Map<K, { v: V; exp: number }>();
  get(k: K): V | undefined {
    const e = this.m.get(k);
    if (!e) return undefined;
    if (e.exp < Date.now()) {
      this.m.delete(k);
      return undefined;
    }
    return e.v;
  }
  set(k: K, v: V, ttl = TTL_MS) {
    if (this.m.size > 50_000) this.m.clear();
    this.m.set(k, { v, exp: Date.now() + ttl });
  }
  clear() {
    this.m.clear();
  }
}

/**
 * The gateway's view of the open-platform tables, cached in process (30 s; cleared on every process by the bus
 * topic OPEN_PLATFORM_TOPIC when the console changes apps, groups, licences, limits or interfaces), so a signed
 * call costs no database round trip once warm. Misses are cached too (an unknown appKey flood hits memory).
 */
export class OpenRegistry {
  private apps = new TtlMap<string, OpenApp | null>();
  private appsById = new TtlMap<number, OpenApp | null>();
  private enterprises = new TtlMap<string, OpenEnterprise | null>();
  private licenses = new TtlMap<string, OpenLicense | null>();
  private tokens = new TtlMap<string, { appId: number; exp: number } | null>();
  private interfaces: { at: number; states: Map<string, string> } | null = null;
  private limits: { at: number; rows: OpenLimitRow[] } | null = null;
  private generation = 0;

  constructor(private db: Db) {}

  clear() {
    this.generation += 1;
    this.apps.clear();
    this.appsById.clear();
    this.enterprises.clear();
    this.licenses.clear();
    this.tokens.clear();
    this.interfaces = null;
    this.limits = null;
  }

  private async loadApp(where: ReturnType<typeof eq>): Promise<OpenApp | null> {
    const [a] = await this.db.select().from(openApps).where(where).limit(1);
    if (!a) return null;
    const groups = await this.db
      .select({ g: openAppGroups.groupCode })
      .from(openAppGroups)
      .where(eq(openAppGroups.appId, a.id));
    return {
      id: a.id,
      appKey: a.appKey,
      name: a.name,
      secretCipher: a.secretCipher,
      state: a.state,
      tenantId: a.tenantId,
      ipWhitelist: a.ipWhitelist ?? [],
      groups: new Set(groups.map((g) => g.g)),
    };
  }

  async appByKey(appKey: string): Promise<OpenApp | null> {
    const hit = this.apps.get(appKey);
    if (hit !== undefined) return hit;
    const gen = this.generation;
    const app = await this.loadApp(eq(openApps.appKey, appKey));
    if (gen === this.generation) this.apps.set(appKey, app);
    return app;
  }

  async appById(id: number): Promise<OpenApp | null> {
    const hit = this.appsById.get(id);
    if (hit !== undefined) return hit;
    const gen = this.generation;
    const app = await this.loadApp(eq(openApps.id, id));
    if (gen === this.generation) this.appsById.set(id, app);
    return app;
  }

  /** A client-credentials token (sha256) → its app, while unexpired and unrevoked. */
  async token(hash: string): Promise<number | null> {
    const hit = this.tokens.get(hash);
    if (hit !== undefined) return hit && hit.exp > Date.now() ? hit.appId : null;
    const gen = this.generation;
    const [t] = await this.db
      .select({ appId: openAccessTokens.appId, expiresAt: openAccessTokens.expiresAt })
      .from(openAccessTokens)
      .where(
        and(
          eq(openAccessTokens.tokenHash, hash),
          isNull(openAccessTokens.revokedAt),
          gt(openAccessTokens.expiresAt, new Date()),
        ),
      )
      .limit(1);
    const v = t ? { appId: t.appId, exp: t.expiresAt.getTime() } : null;
    if (gen === this.generation) this.tokens.set(hash, v);
    return v ? v.appId : null;
  }

  /** The enterprise by id or by tax number (统一社会信用代码). */
  async enterprise(by: { id?: number; taxNo?: string }): Promise<OpenEnterprise | null> {
    const key = by.id !== undefined ? `id:${by.id}` : `tax:${by.taxNo}`;
    const hit = this.enterprises.get(key);
    if (hit !== undefined) return hit;
    const gen = this.generation;
    const [t] = await this.db
      .select()
      .from(tenants)
      .where(by.id !== undefined ? eq(tenants.id, by.id) : eq(tenants.creditCode, by.taxNo ?? ''))
      .orderBy(asc(tenants.id))
      .limit(1);
    let v: OpenEnterprise | null = null;
    if (t) {
      const [u] = await this.db
        .select({ id: users.id, isSuperAdmin: users.isSuperAdmin, isInsideUser: users.isInsideUser })
        .from(users)
        .where(and(eq(users.tenantId, t.id), eq(users.status, RecordStatus.Active)))
        .orderBy(sql`${users.isSuperAdmin} DESC`, asc(users.id))
        .limit(1);
      v = {
        tenantId: t.id,
        name: t.name,
        creditCode: t.creditCode,
        active: t.status === RecordStatus.Active,
        userId: u?.id ?? null,
        isSuperAdmin: u?.isSuperAdmin ?? 0,
        isInsideUser: u?.isInsideUser ?? 0,
      };
    }
    if (gen === this.generation) this.enterprises.set(key, v);
    return v;
  }

  async license(appId: number, tenantId: number): Promise<OpenLicense | null> {
    const key = `${appId}:${tenantId}`;
    const hit = this.licenses.get(key);
    if (hit !== undefined) return hit;
    const gen = this.generation;
    const [l] = await this.db
      .select({ state: openLicenses.state, expiresAt: openLicenses.expiresAt, scopes: openLicenses.scopes })
      .from(openLicenses)
      .where(and(eq(openLicenses.appId, appId), eq(openLicenses.tenantId, tenantId)))
      .limit(1);
    const v = l ? { state: l.state, expiresAt: l.expiresAt, scopes: l.scopes ?? [] } : null;
    if (gen === this.generation) this.licenses.set(key, v);
    return v;
  }

  /** operation → 'enabled' | 'disabled' (missing: enabled, the sync has not run yet). */
  async interfaceState(operation: string): Promise<string> {
    if (!this.interfaces || this.interfaces.at + TTL_MS < Date.now()) {
      const gen = this.generation;
      const rows = await this.db
        .select({ op: openInterfaces.operation, state: openInterfaces.state })
        .from(openInterfaces);
      const v = { at: Date.now(), states: new Map(rows.map((r) => [r.op, r.state])) };
      if (gen === this.generation) this.interfaces = v;
      return v.states.get(operation) ?? 'enabled';
    }
    return this.interfaces.states.get(operation) ?? 'enabled';
  }

  async limitRows(): Promise<OpenLimitRow[]> {
    if (this.limits && this.limits.at + TTL_MS >= Date.now()) return this.limits.rows;
    const gen = this.generation;
    const rows = await this.db
      .select({
        scope: openRateLimits.scope,
        appId: openRateLimits.appId,
        tenantId: openRateLimits.tenantId,
        operation: openRateLimits.operation,
        points: openRateLimits.points,
        windowSeconds: openRateLimits.windowSeconds,
      })
      .from(openRateLimits)
      .where(eq(openRateLimits.state, 'enabled'));
    if (gen === this.generation) this.limits = { at: Date.now(), rows };
    return rows;
  }
}

/**
 * Writes the interface groups and the registry of open APIs from the contracts' declarations (upsert by code /
 * operation; an operator's state is kept; a row no contract declares any more is marked retired).
 */
export async function syncOpenInterfaces(db: Db, contracts: readonly OpenContract[]) {
  for (const code of OPEN_GROUPS) {
    const t = OPEN_GROUP_TEXTS[code];
    await db
      .insert(openInterfaceGroups)
      .values({
        code,
        nameZh: t.zh,
        nameEn: t.en,
        descriptionZh: t.descZh,
        descriptionEn: t.descEn,
        sort: t.sort,
      })
      .onConflictDoNothing({ target: openInterfaceGroups.code });
  }
  let sort = 0;
  for (const c of contracts) {
    sort += 1;
    const values = {
      operation: c.open.operation,
      groupCode: c.open.group,
      method: c.method,
      path: openPathOf(c),
      nameZh: c.open.summary.zh,
      nameEn: c.open.summary.en,
      isv: c.open.isv,
      retired: false,
      sort,
    };
    await db
      .insert(openInterfaces)
      .values(values)
      .onConflictDoUpdate({
        target: openInterfaces.operation,
        set: { ...values, updatedAt: new Date() },
      });
  }
  const ops = contracts.map((c) => c.open.operation);
  if (ops.length)
    await db
      .update(openInterfaces)
      .set({ retired: true })
      .where(and(notInArray(openInterfaces.operation, ops), eq(openInterfaces.retired, false)));
}

import { getFrontInfo, getFrontMenus, type FrontInfo } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import type { CachedProfile, ProfileStore } from '../../../http/module.ts';
import { route } from '../../../http/route.ts';
import { loadFrontInfo } from './front-info.ts';

const PROFILE_TTL_MS = 30_000;

/**
 * The profile is read on every console navigation, so it is cached per token; any change to users, tenants,
 * menus or grants clears the cache on every server process (Services.invalidateAuthz, through the bus), and
 * entries expire after 30 s regardless.
 */
export class ProfileCache implements ProfileStore {
  private map = new Map<string, CachedProfile>();
  /** Bumped by clear(): a profile loaded before a clear (maybe stale) is answered but not kept. */
  private generation = 0;
  clear() {
    this.generation += 1;
    this.map.clear();
  }
  get(key: string) {
    const e = this.map.get(key);
    return e && e.exp > Date.now() ? e : undefined;
  }
  /** Loads and keeps the profile of `key` unless the cache was cleared while it loaded. */
  async load(key: string, loader: () => Promise<FrontInfo>) {
    const generation = this.generation;
    const v = await loader();
    // Kept as UTF-8 bytes: the menu tree is mostly Chinese text, and encoding it on every send was a quarter of
    // the route's time (issue 28 §10).
    const e = { v, json: Buffer.from(JSON.stringify(v)), exp: Date.now() + PROFILE_TTL_MS };
    if (generation !== this.generation) return e;
    if (this.map.size > 20_000) this.map.clear();
    this.map.set(key, e);
    return e;
  }
}

export function registerProfileRoutes(app: FastifyInstance, cache: ProfileStore) {
  route(app, getFrontInfo, async (ctx, { reply }) => {
    const hit =
      cache.get(ctx.actor.tokenHash) ?? (await cache.load(ctx.actor.tokenHash, () => loadFrontInfo(ctx)));
    // Pre-serialised: the hot path of every console page does no JSON work. The reply itself is returned:
    // a compressed send completes later, and an async handler returning undefined would be answered again, empty.
    return reply.type('application/json; charset=utf-8').send(hit.json);
  });
  route(app, getFrontMenus, async (ctx) => {
    const hit =
      cache.get(ctx.actor.tokenHash) ?? (await cache.load(ctx.actor.tokenHash, () => loadFrontInfo(ctx)));
    // Hidden nodes included (flagged): the sidebar leaves them out, the console still routes to them.
    return hit.v.menus;
  });
}

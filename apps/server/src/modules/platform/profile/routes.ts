import { getFrontInfo, getFrontMenus, type FrontInfo } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { loadFrontInfo } from './front-info.ts';
import { withoutHidden } from './menu-tree.ts';

const PROFILE_TTL_MS = 30_000;

/**
 * The profile is read on every console navigation, so it is cached per token; any change to users, tenants,
 * menus or grants clears the cache (Services.invalidateAuthz), and entries expire after 30 s regardless.
 */
export class ProfileCache {
  private map = new Map<string, { v: FrontInfo; json: string; exp: number }>();
  clear() {
    this.map.clear();
  }
  get(key: string) {
    const e = this.map.get(key);
    return e && e.exp > Date.now() ? e : undefined;
  }
  set(key: string, v: FrontInfo) {
    if (this.map.size > 20_000) this.map.clear();
    const e = { v, json: JSON.stringify(v), exp: Date.now() + PROFILE_TTL_MS };
    this.map.set(key, e);
    return e;
  }
}

export function registerProfileRoutes(app: FastifyInstance, cache: ProfileCache) {
  route(app, getFrontInfo, async (ctx, { reply }) => {
    const hit = cache.get(ctx.actor.tokenHash) ?? cache.set(ctx.actor.tokenHash, await loadFrontInfo(ctx));
    // Pre-serialised: the hot path of every console page does no JSON work. The reply itself is returned:
    // a compressed send completes later, and an async handler returning undefined would be answered again, empty.
    return reply.type('application/json; charset=utf-8').send(hit.json);
  });
  route(app, getFrontMenus, async (ctx) => {
    const hit = cache.get(ctx.actor.tokenHash) ?? cache.set(ctx.actor.tokenHash, await loadFrontInfo(ctx));
    return withoutHidden(hit.v.menus);
  });
}

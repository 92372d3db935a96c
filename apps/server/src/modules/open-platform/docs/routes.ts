import {
  getDocErrorCodes,
  getDocGroup,
  getDocLimits,
  getDocWebhooks,
  listDocApps,
  openErrorCatalogue,
  tryOpenApi,
  WEBHOOK_EVENT_TEXTS,
} from '@fpy/contracts';
import { openAppGroups, openApps } from '@fpy/db';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../http/context.ts';
import { route } from '../../../http/route.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import { sampleEvents, SAMPLE_SECRET, WEBHOOK_HEADERS, webhookPolicy } from '../webhooks/index.ts';
import { docGroup } from './catalogue.ts';
import { docLimits } from './limits.ts';
import { tryOpenCall } from './try-it.ts';

export function registerDocRoutes(app: FastifyInstance, services: Services, box: SecretBox) {
  route(app, getDocGroup, (ctx, { params }) => docGroup(params.group, ctx.actor));

  route(app, listDocApps, async (ctx) => {
    if (ctx.actor.tenantId === null) return { rows: [] };
    const apps = await ctx.db
      .select({
        id: openApps.id,
        name: openApps.name,
        appKey: openApps.appKey,
        state: openApps.state,
        secretHint: openApps.secretHint,
      })
      .from(openApps)
      .where(eq(openApps.tenantId, ctx.actor.tenantId))
      .orderBy(asc(openApps.id))
      .limit(100);
    const groups = apps.length
      ? await ctx.db
          .select()
          .from(openAppGroups)
          .where(
            inArray(
              openAppGroups.appId,
              apps.map((a) => a.id),
            ),
          )
      : [];
    return {
      rows: apps.map((a) => ({
        ...a,
        groups: groups.filter((g) => g.appId === a.id).map((g) => g.groupCode),
      })),
    };
  });

  route(app, tryOpenApi, (ctx, { body }) => tryOpenCall(app, ctx, box, body));

  route(app, getDocLimits, (ctx) =>
    docLimits(
      ctx.db,
      ctx.actor.platform ? null : ctx.actor.tenantId,
      services.config.OPEN_RATE_LIMIT_PER_SECOND,
    ),
  );

  route(app, getDocWebhooks, () => ({
    events: sampleEvents().map((e) => ({ ...e, text: WEBHOOK_EVENT_TEXTS[e.type] })),
    secret: SAMPLE_SECRET,
    headers: { ...WEBHOOK_HEADERS },
    retry: {
      baseSeconds: webhookPolicy.baseMs / 1000,
      maxDelaySeconds: webhookPolicy.maxDelayMs / 1000,
      horizonHours: webhookPolicy.horizonMs / 3_600_000,
    },
  }));

  route(app, getDocErrorCodes, () => ({
    rows: openErrorCatalogue.map((e) => ({
      code: e.code,
      status: e.status,
      message: e.message,
      remedy: e.remedy,
    })),
  }));
}

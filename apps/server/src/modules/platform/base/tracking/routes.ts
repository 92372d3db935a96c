import { userEventTrans } from '@fpy/contracts';
import { trackingEvents } from '@fpy/db';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../../http/route.ts';

/**
 * Tracking events (埋点). Public, so a page can report before login; with a valid token the event is tied
 * to the user and company. The browser cannot see its public address, so the server fills it in.
 */
export function registerTrackingRoutes(app: FastifyInstance) {
  route(app, userEventTrans, async (ctx, { body }) => {
    const device = body.deviceContent
      ? { ...body.deviceContent, ip: body.deviceContent.ip || ctx.ip }
      : { ip: ctx.ip };
    await ctx.db.insert(trackingEvents).values({
      businessCode: body.businessCode,
      sessionId: body.sessionId ?? null,
      operationDate: body.operationDate ?? null,
      tenantId: ctx.actor?.tenantId ?? null,
      userId: ctx.actor?.userId ?? null,
      deviceContent: device,
      businessContent: body.businessContent ?? null,
    });
    return { ok: true as const };
  });
}

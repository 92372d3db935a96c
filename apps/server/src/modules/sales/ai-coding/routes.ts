import { aiCoding, confirmAiCoding } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { catalogFor } from '../tax-codes/index.ts';
import { coderFor } from './coder.ts';
import { confirmCoding, memoryOf } from './memory.ts';

/** 智能赋码 for one name, and the confirmation that teaches the tenant's memory. */
export function registerAiCodingRoutes(app: FastifyInstance) {
  route(app, aiCoding, async (ctx, { query }) => {
    const [catalog, memory] = await Promise.all([catalogFor(ctx.db), memoryOf(ctx)]);
    return coderFor(catalog).suggest(query.name, memory);
  });

  route(app, confirmAiCoding, (ctx, { body }) => confirmCoding(ctx, body.name, body.code));
}

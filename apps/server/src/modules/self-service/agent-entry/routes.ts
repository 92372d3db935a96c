import { getPublicAgent } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { publicAgent } from './public.ts';

export function registerAgentEntryRoutes(app: FastifyInstance) {
  // The buyer's call: the agent code is the only credential (public.ts).
  route(app, getPublicAgent, (ctx, { params }) => publicAgent(ctx, params.code));
}

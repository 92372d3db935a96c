import { getPublicAgent, listAgentTenantOptions } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../../crud/register.ts';
import { route } from '../../../http/route.ts';
import { publicAgent } from './public.ts';
import { agentCodesResource } from './resources.ts';
import { agentTenantOptions } from './tenant-options.ts';

export function registerAgentEntryRoutes(app: FastifyInstance) {
  // The buyer's call: the agent code is the only credential (public.ts).
  route(app, getPublicAgent, (ctx, { params }) => publicAgent(ctx, params.code));
  // The platform console's 代理商入口管理 (menu agentCodeManage): the codes, and the form's company picker.
  registerResource(app, agentCodesResource);
  route(app, listAgentTenantOptions, (ctx, { query }) => agentTenantOptions(ctx, query.keyword));
}

import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerAgentEntryRoutes } from './routes.ts';

/** The demo seed's agent code (seed/demo-data.ts, after the boards). */
export { DEMO_AGENT_NAME, seedAgentDemo } from './seed.ts';

/** 代理商入口 (issue 30 §2.3): the buyer's public call behind /allEleAgentTenant (see README.md). */
export function registerAgentEntryModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerAgentEntryRoutes(app);
}

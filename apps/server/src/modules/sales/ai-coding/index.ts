import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { provideSearchAliases } from '../tax-codes/index.ts';
import { registerBatchRoutes } from './batch-routes.ts';
import { lexiconAliases } from './lexicon.ts';
import { registerAiCodingRoutes } from './routes.ts';

/** 智能赋码: single and batch AI-assisted coding against the national table, with tenant memory. */
export function registerAiCodingModule(app: FastifyInstance, _deps: ModuleDeps) {
  // The tax-code tree search also finds everyday words (笔记本电脑, bjbdn) from this module's lexicon.
  provideSearchAliases(lexiconAliases);
  registerAiCodingRoutes(app);
  registerBatchRoutes(app);
}

import type { FastifyInstance } from 'fastify';
import { registerBatchRoutes } from './batch-routes.ts';
import { registerAiCodingRoutes } from './routes.ts';

/** 智能赋码: single and batch AI-assisted coding against the national table, with tenant memory. */
export function registerAiCodingModule(app: FastifyInstance) {
  registerAiCodingRoutes(app);
  registerBatchRoutes(app);
}

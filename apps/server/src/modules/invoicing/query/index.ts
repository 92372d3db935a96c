import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../http/context.ts';

/** 销项发票查询: filtered list, export, ZIP of PDFs, void. */
export function registerQueryRoutes(_app: FastifyInstance, _services: Services) {}

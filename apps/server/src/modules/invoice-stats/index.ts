import type { FastifyInstance } from 'fastify';
import type { Services } from '../../http/context.ts';

export function registerInvoiceStatsModule(_app: FastifyInstance, _services: Services) {}

import type { FastifyInstance } from 'fastify';
import type { Services } from '../../http/context.ts';

export function registerInvoiceSetupModule(_app: FastifyInstance, _services: Services) {}

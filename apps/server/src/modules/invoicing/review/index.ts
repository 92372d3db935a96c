import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../http/context.ts';

/** 预开审核 (invoiceMethod 0): approve / reject pending_review invoices. */
export function registerReviewRoutes(_app: FastifyInstance, _services: Services) {}

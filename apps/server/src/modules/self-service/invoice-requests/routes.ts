import {
  approveInvoiceRequests,
  getBuyerRequest,
  listInvoiceRequests,
  rejectInvoiceRequests,
} from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { notFound, tooManyRequests } from '../../../lib/errors.ts';
import { buyerView, listRequests, requestByToken, requestWithOutcome } from './queries.ts';
import { approveRequests } from './verbs/approve.ts';
import { rejectRequests } from './verbs/reject.ts';

/** Guessing tokens: every miss costs the IP a point; past the budget the IP is refused until the window ends. */
export const TOKEN_MISS_BUDGET = 20;
export const TOKEN_MISS_WINDOW_SECONDS = 600;

export function registerRequestRoutes(app: FastifyInstance) {
  route(app, listInvoiceRequests, (ctx, { query }) => listRequests(ctx, query));
  route(app, approveInvoiceRequests, (ctx, { body }) => approveRequests({ ctx, input: body }));
  route(app, rejectInvoiceRequests, (ctx, { body }) => rejectRequests({ ctx, input: body }));

  route(app, getBuyerRequest, async (ctx, { params }) => {
    const misses = ctx.limiter('ss-request-miss', TOKEN_MISS_BUDGET, TOKEN_MISS_WINDOW_SECONDS);
    if ((await misses.blockedMs(ctx.ip)) > 0) throw tooManyRequests();
    const req = await requestByToken(ctx.db, params.token);
    if (req) return buyerView(await requestWithOutcome(ctx.db, req));
    if (!(await misses.consume(ctx.ip)).ok) throw tooManyRequests();
    throw notFound('REQUEST_UNKNOWN');
  });
}

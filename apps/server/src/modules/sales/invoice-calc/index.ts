import { calculateInvoiceRoute } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { route } from '../../../http/route.ts';
import { codeRatesFor } from '../tax-codes/index.ts';
import { calculateDraft } from './calculate.ts';

/** 发票试算: the tax engine behind one endpoint, for the issuing pages' live figures. */
export function registerInvoiceCalcModule(app: FastifyInstance, _deps: ModuleDeps) {
  // The catalogue is in memory (rechecked every 3 s): each line's rate check is one Map lookup (issue 28 §7).
  route(app, calculateInvoiceRoute, async (ctx, { body }) =>
    calculateDraft(body, await codeRatesFor(ctx.db)),
  );
}

/** The 400 for figures past what money in fen can hold; invoice recompute answers it the same way. */
export { refuseOutOfRange } from './out-of-range.ts';

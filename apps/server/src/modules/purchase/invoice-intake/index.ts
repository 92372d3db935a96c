import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerIntakeRoutes } from './routes.ts';

/**
 * 进项发票收录 (issue 31 §2, lane FILES): upload of received invoice files (数电 XML, PDF, OFD, QR pictures, a ZIP
 * of them) and manual entry; each invoice is checked with the bureau and recorded through
 * purchase/received-invoices (recordReceived), one row per invoice whatever the source. Writes no table of its own.
 */
export { parseInvoiceFile, type ParsedInvoice, ParseRefusal } from './parse/index.ts';

export function registerInvoiceIntakeModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerIntakeRoutes(app);
}

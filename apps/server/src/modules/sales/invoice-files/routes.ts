import { downloadInvoiceFile } from '@fpy/contracts';
import { invoices } from '@fpy/db';
import type { FastifyInstance } from 'fastify';
import { scoped } from '../../../data/tenant-scope.ts';
import { route } from '../../../http/route.ts';
import { type FilesDeps, loadOrRender, MIME } from './render.ts';

/**
 * GET …/invoices/{id}/files/{pdf|xml}: tenant-scoped (another tenant's invoice is "not found"), rendered on
 * demand when the file is missing. The name is the invoice number, which is plain digits.
 */
export function registerInvoiceFileRoutes(app: FastifyInstance, deps: FilesDeps) {
  route(app, downloadInvoiceFile, async (ctx, { params, reply }) => {
    const inv = await scoped(ctx, invoices).get(params.id);
    const { number, bytes } = await loadOrRender(ctx.db, deps, inv.tenantId, inv.id, params.format);
    const name = `${number}.${params.format}`;
    return reply
      .header('content-type', MIME[params.format])
      .header(
        'content-disposition',
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
}

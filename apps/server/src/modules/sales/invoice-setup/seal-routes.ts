import { deleteSeal, getSeal, uploadSeal } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import type { FileStore } from '../../../lib/file-store.ts';
import { currentSeal, deleteSealVerb, uploadSealVerb } from './seal.ts';

/** 发票专用章: one image per tenant, printed on the invoice PDFs. */
export function registerSealRoutes(app: FastifyInstance, uploads: FileStore) {
  route(app, getSeal, (ctx) => currentSeal(ctx, uploads));
  route(app, uploadSeal, (ctx, { req }) => uploadSealVerb(ctx, req, uploads));
  route(app, deleteSeal, (ctx) => deleteSealVerb(ctx, uploads));
}

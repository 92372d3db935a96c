import { deleteSeal, getSeal, uploadSeal } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { currentSeal, deleteSealVerb, uploadSealVerb } from './seal.ts';

/** 发票专用章: one image per tenant, printed on the invoice PDFs. */
export function registerSealRoutes(app: FastifyInstance, uploadsDir: string) {
  route(app, getSeal, (ctx) => currentSeal(ctx, uploadsDir));
  route(app, uploadSeal, (ctx, { req }) => uploadSealVerb(ctx, req, uploadsDir));
  route(app, deleteSeal, (ctx) => deleteSealVerb(ctx, uploadsDir));
}

import {
  checkManualEntry,
  enterReceivedManually,
  INTAKE_MAX_UPLOAD_MB,
  uploadReceivedFiles,
} from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { readUpload } from '../../../lib/upload.ts';
import { checkManualVerb, enterManuallyVerb } from './verbs/manual.ts';
import { uploadReceivedFilesVerb } from './verbs/upload.ts';

export function registerIntakeRoutes(app: FastifyInstance) {
  route(app, uploadReceivedFiles, async (ctx, { req }) => {
    const upload = await readUpload(req, INTAKE_MAX_UPLOAD_MB * 1024 * 1024, '发票文件');
    return uploadReceivedFilesVerb(ctx, upload);
  });
  route(app, checkManualEntry, async (ctx, { body }) => checkManualVerb(ctx, body));
  route(app, enterReceivedManually, async (ctx, { body }) => enterManuallyVerb(ctx, body));
}

import {
  downloadCodeBoardPoster,
  getBoardRequest,
  getPublicBoard,
  submitBoardRequest as submitBoardRequestRoute,
} from '@fpy/contracts';
import { codeBoards } from '@fpy/db';
import type { FastifyInstance } from 'fastify';
import { scoped } from '../../../data/tenant-scope.ts';
import type { ModuleDeps } from '../../../http/module.ts';
import { route } from '../../../http/route.ts';
import { renderPoster } from './poster.ts';
import { boardRequest, publicBoard } from './public.ts';
import { submitBoardRequest } from './verbs/submit-board-request.ts';

export function registerCodeBoardRoutes(app: FastifyInstance, { services, uploads }: ModuleDeps) {
  // Tenant-scoped: another company's board is "not found".
  route(app, downloadCodeBoardPoster, async (ctx, { params, reply }) => {
    const board = await scoped(ctx, codeBoards).get(params.id);
    const pdf = await renderPoster(ctx.db, { uploads, config: services.config }, board);
    const name = `码牌-${board.name}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="poster-${board.id}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  // The buyer's calls: the board code is the only credential (public.ts).
  route(app, getPublicBoard, (ctx, { params }) => publicBoard(ctx, params.code));
  route(app, submitBoardRequestRoute, (ctx, { params, body }) => submitBoardRequest(ctx, params.code, body));
  route(app, getBoardRequest, (ctx, { params }) => boardRequest(ctx, params.code, params.token));
}

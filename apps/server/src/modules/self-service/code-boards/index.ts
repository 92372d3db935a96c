import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../../crud/register.ts';
import type { ModuleDeps } from '../../../http/module.ts';
import {
  allEleCodeBoardsResource,
  businessCodeBoardsResource,
  codeBoardControlsResource,
  codeBoardsResource,
} from './resources.ts';
import { registerCodeBoardRoutes } from './routes.ts';

export { type BoardControls, controlsOf } from './controls.ts';

/**
 * 码牌 (issue 30): boards, their controls and query as declared resources; the poster; the buyer's public
 * calls (see README.md).
 */
export function registerCodeBoardsModule(app: FastifyInstance, deps: ModuleDeps) {
  registerResource(app, codeBoardsResource);
  registerResource(app, allEleCodeBoardsResource);
  registerResource(app, businessCodeBoardsResource);
  registerResource(app, codeBoardControlsResource);
  registerCodeBoardRoutes(app, deps);
}

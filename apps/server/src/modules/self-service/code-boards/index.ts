import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../../crud/register.ts';
import type { ModuleDeps } from '../../../http/module.ts';
import {
  allEleCodeBoardsResource,
  businessCodeBoardsResource,
  codeBoardControlsResource,
  codeBoardQueryResource,
  codeBoardsResource,
} from './resources.ts';
import { registerCodeBoardRoutes } from './routes.ts';
import { registerTitleCodeResolver } from '../titles/index.ts';
import { codeBoards } from '@fpy/db';
import { BOARD_CODE_RE } from '@fpy/contracts';
import { and, eq } from 'drizzle-orm';

export { type BoardControls, controlsOf } from './controls.ts';
/** The demo seed's boards and requests (seed/demo-data.ts). */
export { seedBoardDemo } from './seed.ts';

/**
 * 码牌 (issue 30): boards, their controls and query as declared resources; the poster; the buyer's public
 * calls (see README.md).
 */
export function registerCodeBoardsModule(app: FastifyInstance, deps: ModuleDeps) {
  registerResource(app, codeBoardsResource);
  registerResource(app, allEleCodeBoardsResource);
  registerResource(app, businessCodeBoardsResource);
  registerResource(app, codeBoardControlsResource);
  registerResource(app, codeBoardQueryResource);
  registerCodeBoardRoutes(app, deps);
  // The buyer's title search scopes to the company of the board being scanned (a disabled board: none).
  registerTitleCodeResolver('board', async (db, code) => {
    if (!BOARD_CODE_RE.test(code)) return null;
    const [b] = await db
      .select({ tenantId: codeBoards.tenantId })
      .from(codeBoards)
      .where(and(eq(codeBoards.code, code), eq(codeBoards.enabled, true)))
      .limit(1);
    return b ?? null;
  });
}

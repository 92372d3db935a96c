import { dictItems, dictTypes, gateLogs, sandboxMessages, positions } from '@fpy/db';
import {
  dictItemsMeta,
  dictTypesMeta,
  gateLogsMeta,
  sandboxMessagesMeta,
  positionsMeta,
} from '@fpy/resources';
import type { FastifyInstance } from 'fastify';
import { bindResource, type ServerResource } from './bind.ts';
import { registerDictOptions } from './dict-options.ts';
import { dictItemHooks, dictTypeHooks } from './hooks/dict.ts';
import { positionHooks } from './hooks/positions.ts';
import { registerResource } from './register.ts';

/**
 * The platform's declared resources paired with their tables (and hooks, where they need one). A product
 * area's resource (customers) is bound and registered by its own module, next to the rules its hooks apply.
 */
export const serverResources: ServerResource[] = [
  bindResource(positionsMeta, positions, { hooks: positionHooks }),
  bindResource(dictTypesMeta, dictTypes, { hooks: dictTypeHooks }),
  bindResource(dictItemsMeta, dictItems, { hooks: dictItemHooks }),
  bindResource(gateLogsMeta, gateLogs),
  bindResource(sandboxMessagesMeta, sandboxMessages),
];

export function registerResources(app: FastifyInstance) {
  for (const r of serverResources) registerResource(app, r);
  registerDictOptions(app);
}

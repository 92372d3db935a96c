import { dictItems, dictTypes, gateLogs, outboxMessages, positions } from '@fpy/db';
import { dictItemsMeta, dictTypesMeta, gateLogsMeta, outboxMeta, positionsMeta } from '@fpy/resources';
import type { FastifyInstance } from 'fastify';
import { bindResource, type ServerResource } from './bind.ts';
import { registerDictOptions } from './dict-options.ts';
import { dictItemHooks, dictTypeHooks } from './hooks/dict.ts';
import { positionHooks } from './hooks/positions.ts';
import { registerResource } from './register.ts';

/** Every declared resource paired with its table (and hooks, where it needs one). */
export const serverResources: ServerResource[] = [
  bindResource(positionsMeta, positions, positionHooks),
  bindResource(dictTypesMeta, dictTypes, dictTypeHooks),
  bindResource(dictItemsMeta, dictItems, dictItemHooks),
  bindResource(gateLogsMeta, gateLogs),
  bindResource(outboxMeta, outboxMessages),
];

export function registerResources(app: FastifyInstance) {
  for (const r of serverResources) registerResource(app, r);
  registerDictOptions(app);
}

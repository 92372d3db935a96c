import { customers } from '@fpy/db';
import { customersMeta } from '@fpy/resources';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { bindResource } from '../../../crud/bind.ts';
import { registerResource } from '../../../crud/register.ts';
import { customerHooks } from './hooks.ts';
import { registerCustomerSuggest } from './suggest.ts';

export { customerTitlesLike } from './titles.ts';

/**
 * 我的客户 as a declared resource (packages/resources defs/sales/customers.ts) on its spec path: list, get, create,
 * update, delete, export, import and template come from crud/; this module adds the buyer rules (hooks.ts)
 * and the issuing form's suggest route.
 */
export const customersResource = bindResource(customersMeta, customers, {
  hooks: customerHooks,
  keyword: [customers.name, customers.taxNumber, customers.initials],
});

export function registerCustomersModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerCustomerSuggest(app);
  registerResource(app, customersResource);
}

import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerTaxCodeRoutes } from './routes.ts';

// The public face: the national table as a searchable catalogue, for commodities and AI-assisted coding.
export { Catalog, type CatalogEntry, type SearchOptions, splitRates } from './catalog.ts';
export { provideSearchAliases } from './search-aliases.ts';
export { aliasMap, catalogFor, codeRatesFor, invalidateCatalog } from './store.ts';
export { csvRecords, type TaxCodeRow } from './table-file.ts';
/** The shipped national table's rows (the demo seed picks its goods' codes and rates from them). */
export { referenceRows } from './reference.ts';
import { CATALOG_TOPIC, invalidateCatalog } from './store.ts';

/** 税收分类编码: the national tree (platform reference data) with search, import and sync. */
export function registerTaxCodesModule(app: FastifyInstance, { services }: ModuleDeps) {
  registerTaxCodeRoutes(app);
  // A table imported or synced through another server process: rebuild from the database on next use.
  services.bus.on(CATALOG_TOPIC, () => invalidateCatalog(services.db));
}

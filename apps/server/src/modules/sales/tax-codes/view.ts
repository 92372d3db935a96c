import type { TaxCodeDetail, TaxCodeJobReport, TaxCodeNode } from '@fpy/contracts';
import type { Catalog, CatalogEntry } from './catalog.ts';
import { splitRates } from './catalog.ts';
import type { TaxCodeJob } from './apply-table.ts';

export const nodeOf = (e: CatalogEntry): TaxCodeNode => ({
  code: e.code,
  name: e.name,
  shortName: e.shortName,
  level: e.level,
  parentCode: e.parentCode,
  isLeaf: e.isLeaf,
  isSummary: e.isSummary,
  enabled: e.enabled,
  vatRates: e.vatRates,
});

export const detailOf = (catalog: Catalog, e: CatalogEntry): TaxCodeDetail => ({
  ...nodeOf(e),
  description: e.description,
  keywords: e.keywords,
  version: e.version,
  rates: splitRates(e.vatRates),
  path: catalog.pathOf(e.code).map((p) => ({ code: p.code, name: p.name })),
  usable: e.usable,
});

export function reportOf(job: TaxCodeJob): TaxCodeJobReport {
  const d = job.details as {
    addedCodes: string[];
    changedCodes: { code: string; fields: string[] }[];
    retiredCodes: string[];
  };
  return {
    id: job.id,
    kind: job.kind as 'import' | 'sync',
    version: job.version,
    fileName: job.fileName,
    total: job.total,
    added: job.added,
    changed: job.changed,
    retired: job.retired,
    unchanged: job.unchanged,
    addedCodes: d.addedCodes,
    changedCodes: d.changedCodes,
    retiredCodes: d.retiredCodes,
    createdAt: job.createdAt.toISOString(),
  };
}

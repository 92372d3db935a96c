import type { ApplyVariant } from '@fpy/contracts/apply-pages';
import type { ComponentType } from 'react';

/** What every apply page gets: its variant (brand, channel), the buyer code of the address, the query. */
export interface ApplyPageProps {
  readonly path: string;
  readonly variant: ApplyVariant;
  readonly code: string;
  readonly query: URLSearchParams;
}

/**
 * One page of the entry, declared in its owner's sub-folder `routes.ts` (`export const routes: ApplyRoute[]`):
 * the exact paths it answers (variants included, e.g. `/webIndex`, `/webIndexTest`, `/webIndexBwt`) and the page,
 * usually `lazy(() => import('./pages/x.tsx'))` so a page loads only its own code.
 */
export interface ApplyRoute {
  readonly paths: readonly string[];
  readonly page: ComponentType<ApplyPageProps>;
}

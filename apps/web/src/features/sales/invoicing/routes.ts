import type { FeatureRoute } from '../../../shell/console-page.ts';
import { routes as drafts } from './drafts/routes.ts';
import { routes as opener } from './opener/routes.ts';
import { routes as preopen } from './preopen/routes.ts';
import { routes as query } from './query/routes.ts';

/** Spec §2.12 /outputInvoiceManager issuing pages; each sub-folder declares its own. */
export const routes: FeatureRoute[] = [...opener, ...preopen, ...drafts, ...query];

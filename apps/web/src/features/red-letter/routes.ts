import type { FeatureRoute } from '../../app/feature-route.ts';

export const routes: FeatureRoute[] = [];

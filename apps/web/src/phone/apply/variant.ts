import {
  APPLY_CODE_PARAM,
  type ApplyVariant,
  applyVariantOf,
  applyVariantPath,
} from '@fpy/contracts/apply-pages';
import { go, phoneHref } from '../kit/nav.ts';

/**
 * Brand and channel variants (spec: `…Bwt` the second brand, `…Test` the test channel; the same pages, not
 * copies). A variant comes from the path's suffix; when the buyer moves on to a page without its own variant
 * route, it rides along as `?v=bwt|test` so the next page still shows the same brand.
 */
const VARIANT_PARAM = 'v';

export function variantOf(path: string, query: URLSearchParams): ApplyVariant {
  const fromPath = applyVariantOf(path);
  if (fromPath.brand !== 'main' || fromPath.channel !== 'live') return fromPath;
  const v = query.get(VARIANT_PARAM);
  if (v === 'bwt') return { ...fromPath, brand: 'bwt' };
  if (v === 'test') return { ...fromPath, channel: 'test' };
  return fromPath;
}

/** The address of another apply page (`base` without suffix) in the buyer's variant, with the code. */
export function applyHref(
  base: string,
  variant: Pick<ApplyVariant, 'brand' | 'channel'>,
  code: string,
  query: Record<string, string | number | null | undefined> = {},
): string {
  const path = applyVariantPath(base, variant);
  const carried = applyVariantOf(path);
  const v =
    variant.brand === 'bwt' && carried.brand !== 'bwt'
      ? 'bwt'
      : variant.channel === 'test' && carried.channel !== 'test'
        ? 'test'
        : undefined;
  return phoneHref(path, { [APPLY_CODE_PARAM]: code || undefined, ...query, [VARIANT_PARAM]: v });
}

export function goApply(...args: [...Parameters<typeof applyHref>, replace?: boolean]) {
  const [base, variant, code, query, replace] = args;
  go(applyHref(base, variant, code, query), replace);
}

/** The title shown in the header for the brand: the second brand's pages carry the generic wording. */
export const brandKey = (variant: ApplyVariant) => (variant.brand === 'bwt' ? 'brand.bwt' : 'brand.main');

import { BUYER_CODE_PARAM, type BuyerPagePath } from '@fpy/contracts/buyer-pages';
import { go, phoneHref, usePhoneLocation } from '../kit/nav.ts';

/**
 * The delivery pages' addresses: the short code rides along in `?c=` on every page (it is the page's only state
 * worth a URL); a batch link's invoice position in `?n=`. Ids never appear in an address.
 */
export function useLocation() {
  const { path, query } = usePhoneLocation();
  const n = Number(query.get('n') ?? Number.NaN);
  return {
    path,
    code: query.get(BUYER_CODE_PARAM) ?? '',
    /** The invoice position asked for, null when the address names none (a batch link then shows its list). */
    n: Number.isInteger(n) && n >= 0 && n < 500 ? n : null,
  };
}

export const pageHref = (page: BuyerPagePath, code: string, n?: number | null): string =>
  phoneHref(page, { [BUYER_CODE_PARAM]: code, n });

export function navigate(page: BuyerPagePath, code: string, n?: number | null, replace = false) {
  go(pageHref(page, code, n), replace);
}

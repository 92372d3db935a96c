import type {
  BuyerTarget,
  getBuyerDeliveryStatus,
  getBuyerLink,
  renewBuyerLink,
  sendBuyerInvoice,
} from '@fpy/contracts';
import { BUYER_API, SHORT_LINK_PREFIX } from '@fpy/contracts/buyer-pages';
import { WALLET_PAGES } from '@fpy/contracts/wallet-api';
import { type LightReply, lightCall, lightUrl } from '../kit/http.ts';
import type { Lang } from './i18n.ts';

/** The buyer pages' calls, typed by the contracts, sent by the light client. */
export type LinkReply = LightReply<typeof getBuyerLink>;
export type DeliveryReply = LightReply<typeof sendBuyerInvoice>;
export type BuyerInvoice = LinkReply['invoices'][number];

export const fetchLink = (code: string, lang: Lang, open: boolean) =>
  lightCall<typeof getBuyerLink>(BUYER_API.link, {
    params: { code },
    query: open ? { open: '1' } : {},
    lang,
  });

export const sendInvoice = (code: string, target: BuyerTarget, lang: Lang) =>
  lightCall<typeof sendBuyerInvoice>(BUYER_API.send, { params: { code }, body: target, lang });

export const deliveryStatus = (code: string, target: BuyerTarget, lang: Lang) =>
  lightCall<typeof getBuyerDeliveryStatus>(BUYER_API.status, { params: { code }, body: target, lang });

export const renewLink = (code: string, lang: Lang) =>
  lightCall<typeof renewBuyerLink>(BUYER_API.renew, { params: { code }, lang });

/** Plain links, so a phone's browser downloads natively (no blob in memory, works in in-app browsers). */
export const fileHref = (code: string, format: 'pdf' | 'xml' | 'ofd', n: number) =>
  lightUrl(BUYER_API.file, { code, format }, n ? { n } : {});
export const zipHref = (code: string) => lightUrl(BUYER_API.zip, { code });
/** 存入卡包: the card-bag pages (WeChat or Alipay) of the same link code, offered when the reply's `cardBag` says so. */
export const cardBagHref = (code: string) => `${WALLET_PAGES.choose[0]}?c=${encodeURIComponent(code)}`;
export const shortUrl = (code: string) => `${location.origin}${SHORT_LINK_PREFIX}${encodeURIComponent(code)}`;

/** What was sent from this tab, so the progress and result pages know which address to ask about. */
const TARGET_KEY = 'fpy-buyer-target';
export function rememberTarget(code: string, target: BuyerTarget) {
  try {
    sessionStorage.setItem(TARGET_KEY, JSON.stringify({ code, target }));
  } catch {}
}
export function rememberedTarget(code: string): BuyerTarget | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(TARGET_KEY) ?? 'null');
    return saved?.code === code ? (saved.target as BuyerTarget) : null;
  } catch {
    return null;
  }
}

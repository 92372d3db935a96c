/**
 * The wallet (电子发票卡包) buyer pages' API addresses and states, without zod: the light `apply` phone entry imports
 * this file (through apply-pages-wallet.ts) so a phone downloads neither the contracts nor zod; wallets.ts builds
 * the full contracts from the same addresses.
 */

/** WeChat Pay (微信卡包) and Alipay (支付宝发票管家). */
export const WALLET_PLATFORMS = ['wechat', 'alipay'] as const;
export type WalletPlatform = (typeof WALLET_PLATFORMS)[number];

/** An insertion: asked (the platform has not answered), in the bag, refused, removed by the buyer. */
export const WALLET_CARD_STATES = ['pending', 'inserted', 'failed', 'deleted'] as const;
export type WalletCardState = (typeof WALLET_CARD_STATES)[number];

/** The buyer's id at the platform (openid / user id; on the sandbox a device id the page makes). */
export const WALLET_BUYER_RE = /^[A-Za-z0-9_-]{6,64}$/;

const BASE = '/api/public/self-service/wallet/{code}';

export const WALLET_API = {
  /** The invoice of a delivery buyer link and where its insertions for this buyer stand. */
  view: { method: 'GET', path: BASE },
  /** Put the invoice into the buyer's card bag. */
  insert: { method: 'POST', path: `${BASE}/cards` },
  /** The QR code (SVG) of the invoice's page, to open it on another phone. */
  qr: { method: 'GET', path: `${BASE}/qr` },
} as const;

/** The buyer's wallet pages (phone entry `apply`, routes in apply-pages-wallet.ts); ?c= carries the link code. */
export const WALLET_PAGES = {
  /** Alipay card bag (main, test channel, second brand, 全电 second brand). */
  alipay: ['/alipayCardBag', '/alipayCardBagTest', '/alipayCardBagBwt', '/allElealipayCardBagBwt'],
  /** WeChat card bag insertion. */
  wechat: ['/webInsertCard'],
  /** After paying: choose the bag (both platforms). */
  choose: ['/payInvoicingCardBag'],
  /** The invoice's detail with the card-bag buttons. */
  detail: ['/paymentInvoiceDetail'],
  /** Where the insertions stand. */
  status: ['/openInvoiceStatus'],
  /** The invoice's QR code to open on another phone. */
  qr: ['/invoice/QRCode'],
} as const;

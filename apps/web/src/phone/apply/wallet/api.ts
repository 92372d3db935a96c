import type { getPublicWallet, insertPublicWalletCard } from '@fpy/contracts';
import { WALLET_API, type WalletPlatform } from '@fpy/contracts/wallet-api';
import { lightCall, type LightReply, lightUrl } from '../../kit/http.ts';

/** The buyer's card-bag calls through the kit's light client (method and path from the zod-free contract). */
export type WalletView = LightReply<typeof getPublicWallet>;
export type WalletCard = LightReply<typeof insertPublicWalletCard>;
type Lang = 'zh' | 'en';

export const fetchWallet = (code: string, buyer: string, lang: Lang) =>
  lightCall<typeof getPublicWallet>(WALLET_API.view, { params: { code }, query: { buyer }, lang });

export const insertCard = (code: string, platform: WalletPlatform, buyer: string, lang: Lang) =>
  lightCall<typeof insertPublicWalletCard>(WALLET_API.insert, {
    params: { code },
    body: { platform, buyer },
    lang,
  });

export const qrUrl = (code: string) => lightUrl(WALLET_API.qr, { code });

const BUYER_KEY = 'fpy.wallet.buyer';
const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The buyer's id at the card-bag platform. A live deployment takes it from the platform's sign-in (WeChat OAuth
 * openid, Alipay user id); here it is a random id kept on this device, so the same phone sees its own cards.
 */
export function buyerId(): string {
  try {
    const kept = localStorage.getItem(BUYER_KEY);
    if (kept && /^[A-Za-z0-9_-]{6,64}$/.test(kept)) return kept;
  } catch {
    // Private mode: a fresh id per visit.
  }
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  const id = `b${[...bytes].map((b) => B62[b % 62]).join('')}`;
  try {
    localStorage.setItem(BUYER_KEY, id);
  } catch {
    // Not kept: still works for this visit.
  }
  return id;
}

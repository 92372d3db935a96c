import type { getBuyerOrder, getBuyerRequest, submitBuyerOrder } from '@fpy/contracts';
import { ORDER_API } from '@fpy/contracts/apply-pages';
import type { BuyerTitle } from '@fpy/domain';
import { type LightReply, lightCall } from '../../kit/http.ts';

/** The order pages' calls, typed by the contracts, sent by the kit's light client (no zod on the phone). */
export type OrderView = LightReply<typeof getBuyerOrder>;
export type RequestView = LightReply<typeof getBuyerRequest>;

type Lang = 'zh' | 'en';

export const fetchOrder = (code: string, lang: Lang) =>
  lightCall<typeof getBuyerOrder>(ORDER_API.order, { params: { code }, lang });

export const submitOrder = (code: string, invoiceType: string, title: BuyerTitle, lang: Lang) =>
  lightCall<typeof submitBuyerOrder>(ORDER_API.submit, {
    params: { code },
    body: { invoiceType, title },
    lang,
  });

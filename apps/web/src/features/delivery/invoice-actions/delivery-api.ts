import { listInvoiceDeliveries } from '@fpy/contracts';
import { type DeliveryChannel, mobileAmong, recipientProblem } from '@fpy/domain';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { call } from '../../../lib/http.ts';

/** Query keys of deliveries; every send invalidates ['delivery']. */
export const deliveryKeys = {
  all: ['delivery'] as const,
  ofInvoice: (id: number) => ['delivery', 'invoice', id] as const,
};

export const invoiceDeliveriesQuery = (invoiceId: number) => ({
  queryKey: deliveryKeys.ofInvoice(invoiceId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(listInvoiceDeliveries, { params: { id: invoiceId }, signal }),
});

/** The buyer's address on the invoice for a channel (the mobile among 地址电话), as the server picks it. */
export function buyerAddress(
  inv: { buyerEmail: string | null; buyerPhone: string | null },
  channel: DeliveryChannel,
): string {
  return channel === 'email' ? (inv.buyerEmail ?? '') : (mobileAmong(inv.buyerPhone) ?? '');
}

/** The recipient rule of @fpy/domain, worded in the console's language. */
export function recipientRules(t: TFunction, channel: DeliveryChannel): FormRule[] {
  return [
    {
      required: true,
      message: t(channel === 'email' ? 'delivery.emailRequired' : 'delivery.mobileRequired'),
    },
    {
      validator: (_, v: string | undefined) =>
        !v || recipientProblem(channel, v) === null
          ? Promise.resolve()
          : Promise.reject(
              new Error(t(channel === 'email' ? 'delivery.emailInvalid' : 'delivery.mobileInvalid')),
            ),
    },
  ];
}

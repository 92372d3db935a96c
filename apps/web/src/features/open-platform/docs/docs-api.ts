import {
  getDocErrorCodes,
  getDocGroup,
  getDocLimits,
  getDocWebhooks,
  getWebhookDelivery,
  listDocApps,
  listWebhookApps,
  listWebhookDeliveries,
  type OpenGroup,
  redeliverWebhook,
  redeliverWebhooks,
  tryOpenApi,
} from '@fpy/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { type CallBody, type CallQuery, call } from '../../../lib/http.ts';

export type DeliveryQuery = CallQuery<typeof listWebhookDeliveries>;

/** Keys start with 'open-docs'; a redelivery refreshes the delivery log. */
export const docKeys = {
  group: (g: OpenGroup) => ['open-docs', 'group', g] as const,
  apps: ['open-docs', 'apps'] as const,
  limits: ['open-docs', 'limits'] as const,
  webhooks: ['open-docs', 'webhooks'] as const,
  errors: ['open-docs', 'errors'] as const,
  deliveries: ['open-docs', 'deliveries'] as const,
};

export const groupQuery = (g: OpenGroup) =>
  queryOptions({
    queryKey: docKeys.group(g),
    queryFn: ({ signal }) => call(getDocGroup, { params: { group: g }, signal }),
  });
export const appsQuery = queryOptions({
  queryKey: docKeys.apps,
  queryFn: ({ signal }) => call(listDocApps, { signal }),
});
export const limitsQuery = queryOptions({
  queryKey: docKeys.limits,
  queryFn: ({ signal }) => call(getDocLimits, { signal }),
  refetchInterval: 10_000,
});
export const webhooksQuery = queryOptions({
  queryKey: docKeys.webhooks,
  queryFn: ({ signal }) => call(getDocWebhooks, { signal }),
});
export const errorsQuery = queryOptions({
  queryKey: docKeys.errors,
  queryFn: ({ signal }) => call(getDocErrorCodes, { signal }),
});
export const deliveriesQuery = (q: DeliveryQuery) =>
  queryOptions({
    queryKey: [...docKeys.deliveries, 'list', q],
    queryFn: ({ signal }) => call(listWebhookDeliveries, { query: q, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
export const deliveryQuery = (id: number) =>
  queryOptions({
    queryKey: [...docKeys.deliveries, 'one', id],
    queryFn: ({ signal }) => call(getWebhookDelivery, { params: { id }, signal }),
  });
export const webhookAppsQuery = queryOptions({
  queryKey: [...docKeys.deliveries, 'apps'],
  queryFn: ({ signal }) => call(listWebhookApps, { query: {}, signal }),
});

export const tryCall = (body: CallBody<typeof tryOpenApi>) => call(tryOpenApi, { body });
export const redeliverOne = (id: number) => call(redeliverWebhook, { params: { id } });
export const redeliverMany = (ids: number[]) => call(redeliverWebhooks, { body: { ids } });
export const refreshDeliveries = (qc: QueryClient) => qc.invalidateQueries({ queryKey: docKeys.deliveries });

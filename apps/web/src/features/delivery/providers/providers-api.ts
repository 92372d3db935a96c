import { emailProviderRoutes, type MessageChannel, smsProviderRoutes } from '@fpy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http.ts';

/** The routes of one channel's provider page (same shapes, own paths and permission codes). */
export const routesOf = (channel: MessageChannel) =>
  channel === 'sms' ? smsProviderRoutes : emailProviderRoutes;

/** Menu code of each channel's page: button codes are `<menu>:btn_<action>`. */
export const MENU_OF: Record<MessageChannel, string> = {
  sms: 'smsFacilitatorManage',
  email: 'emailFacilitatorManage',
};

/** Every key starts with 'messageProviders'; a save invalidates its channel's list. */
export const providerKeys = {
  all: ['messageProviders'] as const,
  list: (channel: MessageChannel) => ['messageProviders', channel] as const,
};

export const providersQuery = (channel: MessageChannel) =>
  queryOptions({
    queryKey: providerKeys.list(channel),
    queryFn: ({ signal }) => call(routesOf(channel).list, { signal }),
  });

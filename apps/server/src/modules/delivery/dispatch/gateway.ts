import type { Services } from '../../../http/context.ts';
import type { MessagingGateway } from '../../../gateways/messaging/gateway.ts';

/**
 * The messaging gateway on the shared services (`services.gateways.messaging`, built in app.ts by the providers
 * module's createMessagingGateway). Read at send time, never captured at register, so a test may swap in a
 * stand-in on a running app; null only if an app was assembled without one.
 */
export function messagingOf(services: Pick<Services, 'gateways'>): MessagingGateway | null {
  return services.gateways?.messaging ?? null;
}

import type { Db } from '@fpy/db';
import { type MessagingGateway, ProviderError } from '../../../gateways/messaging/gateway.ts';
import { type Notifier, type OutgoingMessage, SandboxNotifier } from '../../../lib/notifier.ts';
import { SANDBOX_PROVIDER_ID } from './adapters/sandbox.ts';

/**
 * Verification codes and notices through the messaging gateway: the configured providers when there are some,
 * the sandbox otherwise. A notice that no provider took is still written to the sandbox's messages (status
 * `failed`) so a platform administrator can read it and help the person; the caller's answer never changes
 * (the code flows answer alike whatever happens, see auth/verification-code.ts).
 *
 * SMS go with their scene (verify_code, else notice) and its values: 阿里云 and 腾讯云 only send approved
 * templates, so a real account sends the template it names for that scene; one without it refuses
 * (TEMPLATE_REQUIRED) and the next account is tried; README "Notices".
 */
export class GatewayNotifier implements Notifier {
  private readonly sandbox: SandboxNotifier;

  constructor(
    private readonly gateway: MessagingGateway,
    db: Db,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.sandbox = new SandboxNotifier(db);
  }

  async send(msg: OutgoingMessage): Promise<void> {
    try {
      if (msg.channel === 'email')
        await this.gateway.sendEmail(msg.tenantId, {
          to: msg.recipient,
          subject: msg.subject ?? '',
          text: msg.body,
        });
      else
        await this.gateway.sendSms(msg.tenantId, {
          mobile: msg.recipient,
          text: msg.body,
          // Real providers send the account's template of this scene with these values ({ code }).
          scene: msg.scene ?? 'notice',
          templateParams: msg.params ?? {},
        });
    } catch (err) {
      this.onError(err);
      // The sandbox already stored what it refused; anything else is kept for the administrator here.
      if (err instanceof ProviderError && err.providerId === SANDBOX_PROVIDER_ID) return;
      await this.sandbox.send(msg, 'failed');
    }
  }
}

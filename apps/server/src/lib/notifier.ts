import type { Db } from '@fpy/db';
import { outboxMessages } from '@fpy/db';

export interface OutgoingMessage {
  tenantId: number | null;
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  body: string;
}

/**
 * Sends verification codes and notices. Real SMS and e-mail providers plug in behind this interface;
 * the embedded default stores every message in the outbox, which platform administrators read in the console.
 */
export interface Notifier {
  send(msg: OutgoingMessage): Promise<void>;
}

export class OutboxNotifier implements Notifier {
  constructor(private db: Db) {}
  async send(msg: OutgoingMessage) {
    await this.db.insert(outboxMessages).values({
      tenantId: msg.tenantId,
      channel: msg.channel,
      recipient: msg.recipient,
      subject: msg.subject ?? null,
      body: msg.body,
    });
  }
}

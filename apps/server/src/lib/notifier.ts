import type { Db } from '@fpy/db';
import { sandboxMessages } from '@fpy/db';

export interface OutgoingMessage {
  tenantId: number | null;
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  body: string;
  /** SMS: what it is for; real SMS providers send the account's approved template of this scene. */
  scene?: 'verify_code' | 'notice';
  /** SMS: the template's values (verify_code: { code }). */
  params?: Record<string, string>;
}

/**
 * Sends verification codes and notices. app.ts wires the messaging gateway's notifier
 * (modules/delivery/providers/notifier.ts): the configured providers, else the embedded sandbox, which stores
 * every message in sandbox_messages, which platform administrators read in the console (沙箱消息).
 */
export interface Notifier {
  send(msg: OutgoingMessage): Promise<void>;
}

/** Writes the message to sandbox_messages; `status` says what became of it (the sandbox's own are set there). */
export class SandboxNotifier implements Notifier {
  constructor(private db: Db) {}
  async send(msg: OutgoingMessage, status = 'stored') {
    await this.db.insert(sandboxMessages).values({
      tenantId: msg.tenantId,
      channel: msg.channel,
      recipient: msg.recipient,
      subject: msg.subject ?? null,
      body: msg.body,
      status,
    });
  }
}

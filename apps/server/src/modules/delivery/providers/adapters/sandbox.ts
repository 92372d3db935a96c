import { type Db, sandboxMessages } from '@fpy/db';
import { smsSegments } from '@fpy/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { OutboundEmail, OutboundSms, Receipt } from '../../../../gateways/messaging/gateway.ts';
import { vendorRefusal } from '../../../../gateways/kit/index.ts';
import type { Adapter, CallOptions, SendResult } from './adapter.ts';

/**
 * The embedded provider (no configuration needed): every message lands in sandbox_messages, which the platform
 * administrator reads on /baseManager/sandboxMessageManager (沙箱消息). It behaves like a provider: it accepts
 * with a message id `sbx-<sandboxMessageId>`, reports the receipt on the next
 * poll, and refuses the documented test recipients below as a real provider would (README "Sandbox").
 */

/** The virtual account used when no provider row exists for a channel. */
export const SANDBOX_PROVIDER_ID = 0;
/** How records and statistics name it (it has no message_providers row). */
export const SANDBOX_NAME = '内置沙箱';

/** Statuses of sandbox_messages: `stored` (written before issue 14 by the notifier), then the sandbox's own. */
export type SandboxStatus = 'accepted' | 'delivered' | 'failed' | 'refused';

interface Simulation {
  /** Refused at once with this code (message or transient scope). */
  refuse?: { code: string; message: string; scope: 'message' | 'transient' };
  /** Accepted, then a failed receipt with this code on the next poll. */
  failLater?: { code: string; message: string };
}

/** Documented test recipients (README): the same list decides refusals at send and receipts at poll. */
export function simulate(channel: 'sms' | 'email', recipient: string): Simulation {
  const r = recipient.trim().toLowerCase();
  if (channel === 'sms') {
    if (r === '17000000000')
      return {
        refuse: { code: 'MOBILE_NUMBER_ILLEGAL', message: '手机号码格式错误（沙箱）', scope: 'message' },
      };
    if (r === '17000000001')
      return {
        refuse: { code: 'MOBILE_IN_BLACKLIST', message: '号码在服务商黑名单中（沙箱）', scope: 'message' },
      };
    if (r === '17000000002')
      return { failLater: { code: 'UNDELIVERED', message: '用户手机关机或停机（沙箱）' } };
    if (r === '17000000003')
      return {
        refuse: { code: 'SANDBOX_BUSY', message: '服务商暂时繁忙，请稍后重试（沙箱）', scope: 'transient' },
      };
    return {};
  }
  if (r.endsWith('@reject.invalid'))
    return {
      refuse: { code: 'SMTP_550', message: '550 5.1.1 Mailbox does not exist (sandbox)', scope: 'message' },
    };
  if (r.endsWith('@bounce.invalid'))
    return { failLater: { code: 'BOUNCED', message: '550 5.1.1 Mailbox unavailable, bounced (sandbox)' } };
  if (r.endsWith('@busy.invalid'))
    return {
      refuse: {
        code: 'SMTP_421',
        message: '421 4.3.2 Service not available, try later (sandbox)',
        scope: 'transient',
      },
    };
  return {};
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export class SandboxAdapter implements Adapter {
  constructor(private readonly db: Db) {}

  async sendEmail(msg: OutboundEmail, opts: CallOptions): Promise<SendResult> {
    const files = (msg.attachments ?? []).map((a) => `${a.filename}（${kb(a.content.length)}）`);
    const body = files.length ? `${msg.text}\n\n附件：${files.join('，')}` : msg.text;
    return this.store('email', msg.to, msg.subject, body, opts.tenantId, 0);
  }

  async sendSms(msg: OutboundSms, opts: CallOptions): Promise<SendResult> {
    const text = msg.signName && !msg.text.startsWith('【') ? `【${msg.signName}】${msg.text}` : msg.text;
    return this.store('sms', msg.mobile, null, text, opts.tenantId, smsSegments(text));
  }

  private async store(
    channel: 'sms' | 'email',
    recipient: string,
    subject: string | null,
    body: string,
    tenantId: number | null,
    units: number,
  ): Promise<SendResult> {
    const sim = simulate(channel, recipient);
    const status: SandboxStatus = sim.refuse ? 'refused' : 'accepted';
    const [row] = await this.db
      .insert(sandboxMessages)
      .values({ tenantId, channel, recipient, subject, body, status })
      .returning({ id: sandboxMessages.id });
    if (sim.refuse) throw vendorRefusal(sim.refuse.code, sim.refuse.message, sim.refuse.scope);
    return { providerMessageId: sandboxMessageId(row.id), units };
  }
}

/**
 * The sandbox's receipts: every message accepted since the last poll is delivered now (or failed, for the
 * test recipients). Conditional UPDATEs claim them, so two server processes polling together never report a
 * message twice. Receipts carry providerId 0 whatever account row accepted the message (sandbox_messages does
 * not keep it); the message id `sbx-…` is unique on its own.
 */
export async function pollSandboxReceipts(db: Db, limit = 1000): Promise<Receipt[]> {
  const waiting = await db
    .select({
      id: sandboxMessages.id,
      channel: sandboxMessages.channel,
      recipient: sandboxMessages.recipient,
    })
    .from(sandboxMessages)
    .where(eq(sandboxMessages.status, 'accepted'))
    .orderBy(sandboxMessages.id)
    .limit(limit);
  if (!waiting.length) return [];
  const outcome = new Map(
    waiting.map((w) => [w.id, simulate(w.channel as 'sms' | 'email', w.recipient).failLater]),
  );
  const claim = async (ids: number[], status: SandboxStatus) =>
    ids.length
      ? db
          .update(sandboxMessages)
          .set({ status })
          .where(and(inArray(sandboxMessages.id, ids), eq(sandboxMessages.status, 'accepted')))
          .returning({ id: sandboxMessages.id })
      : [];
  const failed = await claim(
    waiting.filter((w) => outcome.get(w.id)).map((w) => w.id),
    'failed',
  );
  const delivered = await claim(
    waiting.filter((w) => !outcome.get(w.id)).map((w) => w.id),
    'delivered',
  );
  const at = new Date();
  return [...failed, ...delivered]
    .sort((a, b) => a.id - b.id)
    .map(({ id }) => {
      const fail = outcome.get(id);
      return {
        providerId: SANDBOX_PROVIDER_ID,
        providerMessageId: sandboxMessageId(id),
        status: fail ? 'failed' : 'delivered',
        code: fail?.code ?? 'DELIVERED',
        message: fail?.message ?? null,
        at,
      } satisfies Receipt;
    });
}

export const sandboxMessageId = (rowId: number) => `sbx-${rowId}`;

import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { SmtpConfig } from '@fpy/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboundEmail } from '../../../../gateways/messaging/gateway.ts';
import type { OutboundGuard } from '../../../../lib/outbound/index.ts';
import { type RefusalScope, vendorRefusal } from '../../../../gateways/kit/index.ts';
import type { Adapter, CallOptions, SendResult } from './adapter.ts';

/**
 * E-mail over SMTP with nodemailer: one pooled transport per account (a few connections kept open and reused),
 * built when the account is first used and rebuilt by the registry when its row changes (adapters/registry.ts).
 */
export class SmtpAdapter implements Adapter {
  private readonly transport: Transporter;

  constructor(
    private readonly config: SmtpConfig,
    timeoutMs: number,
    outbound: OutboundGuard,
  ) {
    this.transport = nodemailer.createTransport({
      // Every connection of the pool is opened by the outbound guard (lib/outbound): the host is resolved and
      // each address checked, and the socket handed over is connected to a checked address (TLS and STARTTLS
      // then run over it as usual, with the host name for SNI and the certificate).
      getSocket: (options: { host?: string; port?: number }, callback: GetSocketCallback) => {
        outbound
          .connect(options.host ?? config.host, options.port ?? config.port, timeoutMs)
          .then((connection) => callback(null, { connection }), callback);
      },
      pool: true,
      maxConnections: 3,
      maxMessages: 100,
      host: config.host,
      port: config.port,
      secure: config.secure,
      auth: config.user ? { user: config.user, pass: config.pass } : undefined,
      tls: { rejectUnauthorized: config.rejectUnauthorized },
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
  }

  async sendEmail(msg: OutboundEmail, _opts: CallOptions): Promise<SendResult> {
    // Our own Message-ID: it is the provider message id, the DSN envelope id (ENVID, returned as
    // Original-Envelope-Id) and, through its tag, the VERP sender; bounces are matched on it (receipts/bounce.ts).
    const tag = randomBytes(16).toString('hex');
    const messageId = `<${tag}@${domainOf(this.config.from)}>`;
    let info: {
      messageId?: string;
      rejected?: unknown[];
      rejectedErrors?: SmtpError[];
      accepted?: unknown[];
    };
    try {
      info = await this.transport.sendMail({
        from: this.config.fromName
          ? { name: this.config.fromName, address: this.config.from }
          : this.config.from,
        to: msg.to,
        messageId,
        envelope: { from: envelopeSender(this.config, tag), to: msg.to },
        // RFC 3461: ask for a report on success, failure and delay, with only the headers returned. Sent only
        // when the server announces DSN; classic bounces still quote the Message-ID.
        dsn: { id: messageId, return: 'headers', notify: ['success', 'failure', 'delay'], recipient: msg.to },
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        attachments: msg.attachments?.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
        })),
      });
    } catch (err) {
      throw smtpRefusal(err as SmtpError);
    }
    // One recipient: a partial acceptance cannot happen, but a server may still list it as rejected.
    if (info.rejected?.length) throw smtpRefusal(info.rejectedErrors?.[0] ?? { responseCode: 550 });
    return { providerMessageId: info.messageId ?? messageId, units: 0 };
  }

  close() {
    this.transport.close();
  }
}

type GetSocketCallback = (err: Error | null, socket?: { connection: Socket }) => void;

export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/**
 * The envelope sender (Return-Path) bounces go to: the bounce address, or `from`. With VERP the message's tag
 * joins the local part (`bounces+<tag>@domain`), so even a bounce that quotes nothing names its message.
 */
export function envelopeSender(config: Pick<SmtpConfig, 'from' | 'bounceAddress' | 'verp'>, tag: string) {
  const base = config.bounceAddress ?? config.from;
  if (!config.verp) return base;
  const at = base.lastIndexOf('@');
  return `${base.slice(0, at)}+${tag}${base.slice(at)}`;
}

interface SmtpError {
  code?: string;
  message?: string;
  command?: string;
  response?: string;
  responseCode?: number;
}

/** Nodemailer codes of trouble on the way (never a verdict on the message). */
const TRANSIENT_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'EPROXY',
  'EMAXLIMIT',
  'EABORT',
  // Node's own, from the outbound guard's connection (nodemailer's getSocket passes them through as they are).
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What an SMTP failure means (RFC 5321 reply classes): 4xx is transient; 5xx on RCPT or DATA refuses this
 * message (mailbox unknown, too large, spam) and another relay would too; 5xx on MAIL FROM or AUTH, and TLS or
 * credential trouble, is this account's problem. Code `SMTP_<reply>` when the server answered, else nodemailer's.
 */
export function smtpRefusal(err: SmtpError) {
  const reply = err.responseCode;
  const text = (err.response ?? err.message ?? '').slice(0, 500);
  if (reply) {
    const code = `SMTP_${reply}`;
    if (reply < 500 || reply === 503) return vendorRefusal(code, text, 'transient');
    const command = (err.command ?? '').toUpperCase();
    let scope: RefusalScope = 'message';
    if (
      err.code === 'EAUTH' ||
      command.startsWith('AUTH') ||
      command.startsWith('MAIL') ||
      reply === 530 ||
      reply === 535
    )
      scope = 'account';
    return vendorRefusal(code, text, scope);
  }
  const code = err.code ?? 'SMTP_ERROR';
  if (TRANSIENT_CODES.has(code)) return vendorRefusal(code, text, 'transient');
  // EAUTH without a reply, ENOAUTH, ETLS, ECONFIG, EREQUIRETLS: fix the account, not the message.
  if (code === 'EENVELOPE' || code === 'EMESSAGE' || code === 'EMAXRECIPIENTS')
    return vendorRefusal(code, text, 'message');
  return vendorRefusal(code, text, 'account');
}

import { type AddressObject, simpleParser } from 'mailparser';
import type { Receipt } from '../../../../gateways/messaging/gateway.ts';
import { checkBounceShape, parserRefusal, SPLITTER_LIMITS } from './bounce-limits.ts';

/**
 * Reads one bounce piped by an MTA into receipts (README "E-mail bounces and DSNs"):
 * - a delivery status notification (RFC 3464, multipart/report; report-type=delivery-status): each recipient's
 *   Action — delivered / relayed / expanded → delivered, failed → failed with its Status (5.1.1) and
 *   Diagnostic-Code, delayed → nothing yet (the message stays accepted);
 * - a classic bounce (no report part, a MAILER-DAEMON message quoting the original): failed, with the first
 *   enhanced status code (RFC 3463) or SMTP reply found in its text, the line that holds it as the diagnostic.
 * The message is named by, in order: Original-Envelope-Id (our ENVID), the Message-ID of the returned headers or
 * message, the VERP tag of the address the bounce was sent to, a Message-ID quoted in the text.
 */
export interface BounceContext {
  providerId: number;
  /** Domain of the account's `from`: our Message-IDs are `<tag@domain>` (adapters/smtp.ts). */
  domain: string;
}

export interface BounceReading {
  receipts: Receipt[];
  /** Recipients reported delayed (no receipt: the provider keeps trying). */
  delayed: number;
}

const MESSAGE_ID = /^message-id:\s*(<[^>\s]{1,250}>)/im;
const QUOTED_ID = /message-id:\s*(<[^>\s]{1,250}>)/i;
const ENHANCED = /\b([245]\.\d{1,3}\.\d{1,3})\b/;
const REPLY = /\b([45]\d\d)[ -]/;
const VERP_TAG = /\+([0-9a-f]{32})@/i;
const BOUNCE_SENDER = /mailer-daemon|postmaster|mail delivery/i;
const BOUNCE_SUBJECT =
  /undeliver|returned|delivery (status|failure|notification)|failure notice|not delivered|退信|未能送达|投递失败|无法投递|系统退信/i;

type Fields = Map<string, string>;

/** "Key: value" lines of one block, continuation lines unfolded; keys lower-cased. */
function fieldsOf(block: string): Fields {
  const fields: Fields = new Map();
  let last = '';
  for (const line of block.split('\n')) {
    if (/^[ \t]/.test(line) && last) {
      fields.set(last, `${fields.get(last)} ${line.trim()}`);
      continue;
    }
    const m = /^([A-Za-z][A-Za-z0-9-]*):\s*(.*)$/.exec(line);
    if (!m) continue;
    last = m[1].toLowerCase();
    fields.set(last, m[2].trim());
  }
  return fields;
}

/** The text after the type (`rfc822; a@b` → `a@b`, `smtp; 550 …` → `550 …`). */
const typed = (v: string | undefined) => (v ?? '').replace(/^[A-Za-z0-9-]+;\s*/, '').trim();

function dateOr(v: string | undefined, fallback: Date): Date {
  const d = v ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : fallback;
}

const addressesOf = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? ''));

/** The message parsed within BOUNCE_LIMITS: checked before parsing, and again by the parser as it goes. */
async function parseBounded(raw: Buffer) {
  checkBounceShape(raw);
  const options = { skipHtmlToText: true, skipTextLinks: true, skipImageLinks: true, ...SPLITTER_LIMITS };
  try {
    return await simpleParser(raw, options as Parameters<typeof simpleParser>[1]);
  } catch (err) {
    throw parserRefusal(err);
  }
}

export async function readBounce(raw: Buffer, ctx: BounceContext): Promise<BounceReading> {
  const mail = await parseBounded(raw);
  const now = new Date();
  const arrived = mail.date ?? now;
  const text = (mail.text ?? '').replace(/\r\n/g, '\n');

  // The original's Message-ID: returned headers or message first, then VERP, then anything quoted.
  const returned = mail.attachments
    .filter((a) => /^(text\/rfc822-headers|message\/rfc822|message\/global)/i.test(a.contentType))
    .map((a) => a.content.toString('utf8'))
    .map((h) => MESSAGE_ID.exec(h)?.[1])
    .find(Boolean);
  const recipients = [
    ...addressesOf(mail.to),
    ...['delivered-to', 'x-original-to', 'envelope-to', 'x-envelope-to'].flatMap((h) => {
      const v = mail.headers.get(h);
      return typeof v === 'string' ? [v] : Array.isArray(v) ? v.map(String) : [];
    }),
  ];
  const verpTag = recipients.map((r) => VERP_TAG.exec(r)?.[1]).find(Boolean);
  const verpId = verpTag ? `<${verpTag.toLowerCase()}@${ctx.domain}>` : undefined;
  const quoted = QUOTED_ID.exec(text)?.[1];

  const contentType = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> };
  const isReport =
    contentType?.value?.toLowerCase() === 'multipart/report' &&
    (contentType.params?.['report-type'] ?? '').toLowerCase() === 'delivery-status';

  if (isReport) {
    // mailparser reads the message/delivery-status part as text: its blocks are the per-message fields, then
    // one block per recipient.
    const blocks = text.split(/\n[ \t]*\n/).map(fieldsOf);
    const perMessage = blocks.find((f) => f.has('reporting-mta') || f.has('original-envelope-id'));
    const envelopeId = perMessage?.get('original-envelope-id');
    const id = envelopeId?.match(/<[^>\s]+>/)?.[0] ?? returned ?? verpId ?? quoted;
    const reading: BounceReading = { receipts: [], delayed: 0 };
    if (!id) return reading;
    for (const f of blocks.filter((b) => b.has('action') && (b.has('final-recipient') || b.has('status')))) {
      const action = (f.get('action') ?? '').toLowerCase().split(/\s/)[0];
      const at = dateOr(f.get('last-attempt-date') ?? perMessage?.get('arrival-date'), arrived);
      const status = f.get('status')?.match(ENHANCED)?.[1] ?? null;
      if (action === 'delayed') reading.delayed += 1;
      else if (action === 'failed')
        reading.receipts.push({
          providerId: ctx.providerId,
          providerMessageId: id,
          status: 'failed',
          code: status ?? 'BOUNCED',
          message: (typed(f.get('diagnostic-code')) || null)?.slice(0, 500) ?? null,
          at,
        });
      else if (['delivered', 'relayed', 'expanded'].includes(action))
        reading.receipts.push({
          providerId: ctx.providerId,
          providerMessageId: id,
          status: 'delivered',
          code: status ?? 'DELIVERED',
          message: null,
          at,
        });
    }
    return reading;
  }

  // Not a report: only a message that looks like a bounce counts (an auto-reply sent to the bounce address
  // must not fail a delivery).
  const from = addressesOf(mail.from).join(' ') + (mail.from?.text ?? '');
  const looksBounced = BOUNCE_SENDER.test(from) || BOUNCE_SUBJECT.test(mail.subject ?? '');
  const id = returned ?? verpId ?? quoted ?? headerRef(mail.inReplyTo);
  if (!looksBounced || !id) return { receipts: [], delayed: 0 };
  const line = text.split('\n').find((l) => ENHANCED.test(l) || REPLY.test(l));
  const code = line?.match(ENHANCED)?.[1] ?? line?.match(REPLY)?.[1] ?? 'BOUNCED';
  return {
    receipts: [
      {
        providerId: ctx.providerId,
        providerMessageId: id,
        status: 'failed',
        code,
        message: (line?.trim() || mail.subject || null)?.slice(0, 500) ?? null,
        at: arrived,
      },
    ],
    delayed: 0,
  };
}

const headerRef = (v: string | undefined) => v?.match(/<[^>\s]+>/)?.[0];

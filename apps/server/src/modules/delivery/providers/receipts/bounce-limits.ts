import { badRequest } from '../../../../lib/errors.ts';

/**
 * Bounds on a bounce body before and while it is parsed (issue 28 §4: 2,000 nested parts or 200,000 header
 * lines answered 500). The body's size is bounded by the route (MAIL_BOUNCE_MAX_BYTES, 413); within it, a real
 * DSN has one multipart/report of three parts, a classic bounce a few quoted messages — these limits are far
 * above both and far below what costs a parser seconds. Every refusal is a 400 from the message catalogue.
 */
export const BOUNCE_LIMITS = {
  /** Header lines of one header block (the message's, a part's or an embedded message's). */
  maxHeaderLines: 1000,
  /** Bytes of one header block (mailparser's splitter enforces it while parsing, too). */
  maxHeaderBytes: 256 * 1024,
  /** MIME parts in the whole message, embedded messages' parts included. */
  maxParts: 200,
  /** Multipart and message/rfc822 containers open at once. */
  maxDepth: 16,
} as const;

type Limits = typeof BOUNCE_LIMITS;

/** The `name="value"` or `name=value` parameter of a header's text, unfolded. */
function param(header: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]{1,200})"|([^\\s;]{1,200}))`, 'i').exec(header);
  return m ? (m[1] ?? m[2]) : undefined;
}

/**
 * A linear scan of the raw message's MIME structure (no decoding, nothing kept but a stack of boundaries):
 * refuses before parsing a header block too long, too many parts, or containers nested too deep.
 */
export function checkBounceShape(raw: Buffer, limits: Limits = BOUNCE_LIMITS): void {
  const text = raw.toString('latin1');
  /** Boundaries of the multiparts open now, innermost last. */
  const open: string[] = [];
  let inHeader = true;
  let headerLines = 0;
  let headerBytes = 0;
  let contentType = '';
  let parts = 0;
  let lastField = '';
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    start = end + 1;
    if (inHeader) {
      if (line === '') {
        // The block ended: a container opens what follows.
        inHeader = false;
        const type = contentType.toLowerCase();
        if (/^\s*multipart\//.test(type)) {
          const boundary = param(contentType, 'boundary');
          if (boundary) open.push(boundary);
        } else if (/^\s*message\/(rfc822|global)\b/.test(type)) {
          // An embedded message: its own header block follows at once.
          open.push('');
          inHeader = true;
        }
        if (open.length > limits.maxDepth) throw badRequest('BOUNCE_REFUSED.depth', { max: limits.maxDepth });
        headerLines = 0;
        headerBytes = 0;
        contentType = '';
        lastField = '';
        continue;
      }
      headerLines += 1;
      headerBytes += line.length + 2;
      if (headerLines > limits.maxHeaderLines)
        throw badRequest('BOUNCE_REFUSED', { max: limits.maxHeaderLines });
      if (headerBytes > limits.maxHeaderBytes)
        throw badRequest('BOUNCE_REFUSED.header_size', { kb: Math.round(limits.maxHeaderBytes / 1024) });
      if (/^[ \t]/.test(line)) {
        if (lastField === 'content-type') contentType += ` ${line.trim()}`;
        continue;
      }
      const colon = line.indexOf(':');
      lastField = colon > 0 ? line.slice(0, colon).trim().toLowerCase() : '';
      if (lastField === 'content-type') contentType = line.slice(colon + 1);
      continue;
    }
    if (!line.startsWith('--') || !open.some(Boolean)) continue;
    const at = open.findLastIndex((b) => b && (line === `--${b}` || line === `--${b}--`));
    if (at < 0) continue;
    const closing = line === `--${open[at]}--`;
    // A delimiter of an outer multipart ends every container inside it.
    open.length = closing ? at : at + 1;
    if (closing) continue;
    parts += 1;
    if (parts > limits.maxParts) throw badRequest('BOUNCE_REFUSED.parts', { max: limits.maxParts });
    inHeader = true;
  }
}

/**
 * A parser error worded for the sender: mailparser's splitter refuses past its own bounds (EMAXLEN, set from
 * BOUNCE_LIMITS); anything else it throws is a body it could not read. Both are the request's fault.
 */
export function parserRefusal(err: unknown) {
  const e = err as { code?: string; message?: string };
  if (e?.code === 'EMAXLEN' && /child nodes/i.test(e.message ?? ''))
    return badRequest('BOUNCE_REFUSED.parts', { max: BOUNCE_LIMITS.maxParts });
  if (e?.code === 'EMAXLEN')
    return badRequest('BOUNCE_REFUSED.header_size', { kb: Math.round(BOUNCE_LIMITS.maxHeaderBytes / 1024) });
  return badRequest('BOUNCE_REFUSED.unreadable');
}

/** What mailparser's splitter is told: the same bounds, enforced again while parsing. */
export const SPLITTER_LIMITS = {
  maxHeadSize: BOUNCE_LIMITS.maxHeaderBytes,
  maxChildNodes: BOUNCE_LIMITS.maxParts,
};

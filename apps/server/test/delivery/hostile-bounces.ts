/**
 * Bounce bodies an attacker (or a broken MTA) may pipe to a bounce endpoint (issue 28 §4): each must be
 * refused with a 4xx naming the limit, never a 500. Shared by the bounce test and the attack walk.
 */
const head =
  'From: MAILER-DAEMON@mx.example\r\nSubject: Undelivered Mail Returned to Sender\r\nMIME-Version: 1.0\r\n';

/** `n` multiparts, each the only part of the one before. */
export function nestedParts(n: number) {
  let open = '';
  let close = '';
  for (let i = 0; i < n; i++) {
    open += `Content-Type: multipart/mixed; boundary="n${i}"\r\n\r\n--n${i}\r\n`;
    close = `\r\n--n${i}--\r\n${close}`;
  }
  return `${head}${open}Content-Type: text/plain\r\n\r\n550 5.1.1 <x@example.com>${close}`;
}

/** `n` header lines in the message's own header block. */
export const headerLines = (n: number) => `${head}${'X-Flood: a\r\n'.repeat(n)}\r\n550 5.1.1 unknown\r\n`;

/** One multipart of `n` sibling parts. */
export function siblingParts(n: number) {
  const parts = Array.from(
    { length: n },
    (_, i) => `--s\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`,
  ).join('');
  return `${head}Content-Type: multipart/mixed; boundary="s"\r\n\r\n${parts}--s--\r\n`;
}

/** A header block of a few lines but `kb` KB (one folded line). */
export const hugeHeader = (kb: number) => `${head}X-Long: ${'a'.repeat(kb * 1024)}\r\n\r\nbody\r\n`;

/** Embedded messages (message/rfc822) inside each other. */
export function nestedMessages(n: number) {
  let s = '';
  for (let i = 0; i < n; i++) s += `Content-Type: message/rfc822\r\n\r\nFrom: a${i}@example.com\r\n`;
  return `${head}${s}Subject: inner\r\n\r\nbody\r\n`;
}

export const HOSTILE_BOUNCES: Array<{ name: string; body: () => string; code: string }> = [
  { name: '2,000 nested parts', body: () => nestedParts(2000), code: 'BOUNCE_REFUSED' },
  { name: '200,000 header lines', body: () => headerLines(200_000), code: 'BOUNCE_REFUSED' },
  { name: '5,000 sibling parts', body: () => siblingParts(5000), code: 'BOUNCE_REFUSED' },
  { name: 'a 1 MB header line', body: () => hugeHeader(1024), code: 'BOUNCE_REFUSED' },
  { name: '500 nested embedded messages', body: () => nestedMessages(500), code: 'BOUNCE_REFUSED' },
];

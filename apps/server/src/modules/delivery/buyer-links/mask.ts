/** 138****0000 — the buyer sees which number, a bystander does not. */
export const maskMobile = (m: string) => (m.length >= 7 ? `${m.slice(0, 3)}****${m.slice(-4)}` : '****');

/** z***@example.com — the first character of the mailbox and the whole domain. */
export function maskEmail(e: string): string {
  const at = e.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${e[0]}***${e.slice(at)}`;
}

export const maskRecipient = (channel: 'email' | 'sms', r: string) =>
  channel === 'email' ? maskEmail(r) : maskMobile(r);

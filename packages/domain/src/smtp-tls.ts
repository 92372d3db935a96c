/**
 * The SSL/TLS switch an SMTP port implies (issue 28 §9): 465 speaks TLS from the first byte (RFC 8314, "SMTPS");
 * 25 and 587 start plain and upgrade with STARTTLS. A form sets the switch from the port typed until the user
 * sets the switch itself; other ports imply nothing (null).
 */
export function smtpSecureForPort(port: unknown): boolean | null {
  const n = typeof port === 'string' ? Number(port.trim()) : port;
  if (n === 465) return true;
  if (n === 25 || n === 587) return false;
  return null;
}

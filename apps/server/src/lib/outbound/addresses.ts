import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses the server may connect to on a tenant's or an administrator's word (issue 28 §1). Only
 * global unicast passes; loopback, private (RFC 1918, unique-local fc00::/7), link-local (169.254/16 with the
 * cloud metadata address, fe80::/10), unspecified, multicast, broadcast, CGNAT 100.64/10 and every reserved or
 * special-purpose range (documentation, benchmarking, 6to4, Teredo, NAT64 …) are refused.
 *
 * ipaddr.js (the parser Fastify's proxy-addr uses) reads every spelling the system resolver would accept:
 * decimal 2130706433, short 127.1, hex 0x7f000001, octal 0177.0.0.1, IPv4-mapped ::ffff:127.0.0.1.
 */

/** The range an address falls in when it is refused, or null when it is a public unicast address. */
export function specialRange(address: string): string | null {
  const parsed = parseLoose(address);
  if (!parsed) return 'invalid';
  // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address to the socket.
  const ip =
    parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
      ? (parsed as ipaddr.IPv6).toIPv4Address()
      : parsed;
  const range = ip.range();
  return range === 'unicast' ? null : range;
}

/**
 * An IP literal in any spelling, brackets allowed ([::1]); null when the text is not an address (a host name).
 * IPv6 zone ids (fe80::1%eth0) are dropped: the address decides.
 */
export function parseLoose(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let t = text.trim();
  if (t.startsWith('[') && t.endsWith(']')) t = t.slice(1, -1);
  const zone = t.indexOf('%');
  if (zone > 0 && t.includes(':')) t = t.slice(0, zone);
  if (!ipaddr.isValid(t)) return null;
  try {
    return ipaddr.parse(t);
  } catch {
    return null;
  }
}

/** The canonical text of an IP literal (127.1 → 127.0.0.1), or null for a host name. */
export function canonicalAddress(text: string): string | null {
  const ip = parseLoose(text);
  if (!ip) return null;
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    return (ip as ipaddr.IPv6).toIPv4Address().toString();
  return ip.toString();
}

export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** An allow-list entry "10.0.0.0/8", "::1/128" or a bare address (a /32 or /128); null if not one. */
export function parseCidr(text: string): Cidr | null {
  const t = text.trim();
  if (t.includes('/')) {
    try {
      return ipaddr.parseCIDR(t);
    } catch {
      return null;
    }
  }
  const ip = parseLoose(t);
  return ip ? [ip, ip.kind() === 'ipv4' ? 32 : 128] : null;
}

/** Whether an address lies in a range (an IPv4-mapped address matches IPv4 ranges). */
export function inCidr(address: string, [base, bits]: Cidr): boolean {
  let ip = parseLoose(address);
  if (!ip) return false;
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() && base.kind() === 'ipv4')
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() !== base.kind()) return false;
  return ip.match(base as never, bits);
}

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import net from 'node:net';
import { OUTBOUND_BLOCKED_CODE } from '@fpy/domain';
import { canonicalAddress, inCidr, specialRange } from './addresses.ts';
import { type AllowList, EMPTY_ALLOW_LIST, normalizeHostName, parseAllowList } from './allow-list.ts';

/** A connection the guard refused: the host as typed, the address it stood for and that address's range. */
export class OutboundBlocked extends Error {
  readonly code = OUTBOUND_BLOCKED_CODE;
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`connection to ${host} (${address}, ${range}) refused: not in OUTBOUND_ALLOW_HOSTS`);
    this.name = 'OutboundBlocked';
  }
}

/** How long a save waits for a name to resolve before letting it pass (connections check it again). */
const VET_TIMEOUT_MS = 2000;

type Resolver = (host: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/**
 * The one guard every connection the server opens on a tenant's or an administrator's word passes (SMTP hosts,
 * SMS and e-mail endpoints; later webhooks, ERP sources, wallets, signing services): see README.md. The check is
 * made on the addresses a connection actually uses, after resolution, every time: `connect` and `lookup` hand
 * the socket only addresses they checked, so a name cannot answer one address to the check and another to the
 * connection (DNS rebinding).
 */
export class OutboundGuard {
  constructor(
    private readonly allow: AllowList = EMPTY_ALLOW_LIST,
    private readonly resolver: Resolver = systemResolver,
  ) {}

  /** From the OUTBOUND_ALLOW_HOSTS setting (validated by config.ts; a bad entry throws here too). */
  static fromSetting(setting: string | undefined, resolver?: Resolver): OutboundGuard {
    const allow = parseAllowList(setting);
    if ('bad' in allow) throw new Error(`OUTBOUND_ALLOW_HOSTS: not a host, address or range: ${allow.bad}`);
    return new OutboundGuard(allow, resolver);
  }

  /** Throws OutboundBlocked unless `address` is public unicast, or the host or the address is allowed. */
  check(host: string, address: string): void {
    const range = specialRange(address);
    if (range === null) return;
    if (this.allow.names.has(normalizeHostName(host))) return;
    if (this.allow.ranges.some((r) => inCidr(address, r))) return;
    throw new OutboundBlocked(host, address, range);
  }

  /**
   * Every address `host` stands for, each checked: a literal in any spelling (127.1, 2130706433, [::1]) is its
   * canonical address; a name is resolved, and one refused address refuses the name.
   */
  async resolve(host: string): Promise<LookupAddress[]> {
    const literal = canonicalAddress(host);
    const found = literal
      ? [{ address: literal, family: net.isIPv6(literal) ? 6 : 4 }]
      : normalizeHostName(host) === 'localhost' || normalizeHostName(host).endsWith('.localhost')
        ? [{ address: '127.0.0.1', family: 4 }] // RFC 6761: always loopback, whatever a resolver says
        : await this.resolver(host);
    for (const a of found) this.check(host, a.address);
    return found;
  }

  /**
   * A dns.lookup for net.connect and http(s).Agent: the addresses it answers are checked ones. (Node skips the
   * lookup for a canonical IP literal: guarded agents check those themselves, see http-agent.ts.)
   */
  readonly lookup = (
    hostname: string,
    options: number | { family?: number | string; all?: boolean },
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const opts = typeof options === 'number' ? { family: options } : (options ?? {});
    const family = opts.family === 'IPv6' ? 6 : opts.family === 'IPv4' ? 4 : Number(opts.family) || 0;
    this.resolve(hostname).then(
      (all) => {
        const usable = family ? all.filter((a) => a.family === family) : all;
        if (!usable.length) {
          const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          err.code = 'ENOTFOUND';
          return callback(err, '', 0);
        }
        if (opts.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (err) => callback(err, '', 0),
    );
  };

  /**
   * A TCP connection to `host`:`port` over checked addresses only (tried in turn, both families, RFC 8305); the
   * socket is handed over connected. Refused addresses throw OutboundBlocked before any packet is sent.
   */
  async connect(host: string, port: number, timeoutMs: number): Promise<net.Socket> {
    const addresses = await this.resolve(host);
    return new Promise((resolve, reject) => {
      const several = addresses.length > 1;
      const socket = net.connect({
        // Several addresses: the name, so that net asks `lookup` below (which answers the checked list) and tries
        // each in turn; one: that address itself.
        host: several ? host : addresses[0].address,
        port,
        autoSelectFamily: several,
        // The connection may only use what was checked: no second resolution.
        lookup: (_name, _opts, cb) =>
          (cb as (e: null, a: LookupAddress[]) => void)(null, addresses as LookupAddress[]),
      });
      const timer = setTimeout(() => {
        const err: NodeJS.ErrnoException = new Error(`connect ETIMEDOUT ${host}:${port}`);
        err.code = 'ETIMEDOUT';
        socket.destroy(err);
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeListener('error', reject);
        resolve(socket);
      });
      socket.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  }

  /**
   * For a form being saved: the refusal when the host as typed is an address that is not allowed, or a name that
   * resolves to one now. A name that does not resolve now passes (the connection is checked again anyway).
   */
  async vet(host: string, timeoutMs = VET_TIMEOUT_MS): Promise<OutboundBlocked | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.resolve(host),
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      return null;
    } catch (err) {
      return err instanceof OutboundBlocked ? err : null;
    } finally {
      clearTimeout(timer);
    }
  }
}

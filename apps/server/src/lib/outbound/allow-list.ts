import { type Cidr, parseCidr } from './addresses.ts';

/**
 * OUTBOUND_ALLOW_HOSTS: the internal hosts and ranges an installation really relays through (a company's own
 * mail relay on 10.0.0.25, the tests' stand-ins on 127.0.0.1). Comma separated host names, addresses and CIDR
 * ranges; empty (the default) allows no internal address at all.
 */
export interface AllowList {
  /** Host names as typed in a form (lower case, no trailing dot): allowed whatever they resolve to. */
  names: ReadonlySet<string>;
  ranges: readonly Cidr[];
}

export const EMPTY_ALLOW_LIST: AllowList = { names: new Set(), ranges: [] };

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

export const normalizeHostName = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/** The allow-list of a setting, or the first entry that is neither a host name, an address nor a range. */
export function parseAllowList(setting: string | undefined): AllowList | { bad: string } {
  const names = new Set<string>();
  const ranges: Cidr[] = [];
  for (const raw of (setting ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const cidr = parseCidr(entry);
    if (cidr) ranges.push(cidr);
    else if (!entry.includes('/') && HOST_NAME.test(normalizeHostName(entry)))
      names.add(normalizeHostName(entry));
    else return { bad: entry };
  }
  return { names, ranges };
}

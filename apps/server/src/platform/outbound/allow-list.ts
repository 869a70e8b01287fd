import { BlockList, isIP } from 'node:net';
import { canonicalAddress, METADATA_ADDRESSES } from './addresses.ts';

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)*$/;

/** One OUTBOUND_ALLOW entry, checked: an address, a CIDR range, a host name or `*.` and a domain. */
function checkEntry(entry: string): boolean {
  if (entry.startsWith('*.')) return HOST_NAME.test(entry.slice(2));
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0) return prefix === undefined && HOST_NAME.test(entry);
  if (rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * OUTBOUND_ALLOW as the configuration keeps it: its comma-separated entries, lower-case. Throws an
 * Error naming the first entry that is not an address, a CIDR range, a host name or `*.domain`.
 */
export function parseOutboundAllow(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) =>
      entry
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ''),
    )
    .filter(Boolean);
  const bad = entries.find((entry) => !checkEntry(entry));
  if (bad !== undefined) {
    throw new Error(
      `OUTBOUND_ALLOW must be comma-separated IP addresses, CIDR ranges (10.0.0.0/8, fd00::/8), host names or *.domain, got "${bad}"`,
    );
  }
  return [...new Set(entries)];
}

/** What the operator allowed: addresses and ranges, and host names reached whatever they resolve to. */
export interface AllowList {
  /** A host name listed (itself, or under a listed `*.domain`). */
  allowsName(host: string): boolean;
  /** An address inside a listed range; a metadata address only when listed itself. */
  allowsAddress(address: string): boolean;
}

export function compileAllowList(entries: readonly string[]): AllowList {
  const ranges = new BlockList();
  const exact = new Set<string>();
  const names = new Set<string>();
  const domains: string[] = [];
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const version = isIP(address);
    if (entry.startsWith('*.')) domains.push(entry.slice(1));
    else if (version === 0) names.add(entry);
    else if (prefix === undefined) exact.add(canonicalAddress(address));
    else ranges.addSubnet(address, Number(prefix), version === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    allowsName(host) {
      const name = host.toLowerCase().replace(/\.$/, '');
      return names.has(name) || domains.some((domain) => name.endsWith(domain));
    },
    allowsAddress(address) {
      const canonical = canonicalAddress(address);
      if (exact.has(canonical)) return true;
      if (METADATA_ADDRESSES.has(canonical)) return false;
      return ranges.check(canonical, isIP(canonical) === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

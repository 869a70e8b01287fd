import { BlockList, isIP } from 'node:net';

type Family = 'ipv4' | 'ipv6';
interface Source {
  address: string;
  prefix: number;
  family: Family;
}

/** An address or CIDR range (`10.0.0.0/8`, `2001:db8::/32`, `192.0.2.7`), or undefined when it is neither. */
export function parseSource(text: string): Source | undefined {
  const [address = '', bits, extra] = text.trim().split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return undefined;
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  const max = version === 4 ? 32 : 128;
  if (bits === undefined) return { address, prefix: max, family };
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return undefined;
  return { address, prefix: Number(bits), family };
}

/** `::ffff:192.0.2.7` (how a dual-stack socket reports an IPv4 peer) as the IPv4 address it is. */
const plainAddress = (ip: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip);

/** Whether the address is within one of the ranges (which parseSource accepted). */
export function fromAllowedSource(ip: string, ranges: readonly string[]): boolean {
  const list = new BlockList();
  for (const range of ranges) {
    const source = parseSource(range);
    if (source) list.addSubnet(source.address, source.prefix, source.family);
  }
  const address = plainAddress(ip);
  const version = isIP(address);
  if (version === 0) return false;
  return list.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

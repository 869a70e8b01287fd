import { BlockList, isIP } from 'node:net';

/**
 * Which addresses the server does not reach for a person's configuration unless the operator allows
 * them (OUTBOUND_ALLOW): everything that is not the public internet. Each range is named, for the
 * server's log and the 400 that refuses such an address when a channel is saved.
 */
const REFUSED_RANGES: [address: string, prefix: number, family: 'ipv4' | 'ipv6', name: string][] = [
  ['0.0.0.0', 8, 'ipv4', 'this network (0.0.0.0/8)'],
  ['10.0.0.0', 8, 'ipv4', 'private (10.0.0.0/8)'],
  ['100.64.0.0', 10, 'ipv4', 'shared address space (100.64.0.0/10, CGNAT)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback (127.0.0.0/8)'],
  ['169.254.0.0', 16, 'ipv4', 'link-local (169.254.0.0/16)'],
  ['172.16.0.0', 12, 'ipv4', 'private (172.16.0.0/12)'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol assignments (192.0.0.0/24)'],
  ['192.168.0.0', 16, 'ipv4', 'private (192.168.0.0/16)'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking (198.18.0.0/15)'],
  ['224.0.0.0', 4, 'ipv4', 'multicast (224.0.0.0/4)'],
  ['240.0.0.0', 4, 'ipv4', 'reserved and broadcast (240.0.0.0/4)'],
  ['::', 128, 'ipv6', 'unspecified (::)'],
  ['::1', 128, 'ipv6', 'loopback (::1)'],
  ['100::', 64, 'ipv6', 'discard-only (100::/64)'],
  ['fc00::', 7, 'ipv6', 'unique-local (fc00::/7)'],
  ['fe80::', 10, 'ipv6', 'link-local (fe80::/10)'],
  ['fec0::', 10, 'ipv6', 'site-local (fec0::/10)'],
  ['ff00::', 8, 'ipv6', 'multicast (ff00::/8)'],
];

const refusedLists = REFUSED_RANGES.map(([address, prefix, family, name]) => {
  const list = new BlockList();
  list.addSubnet(address, prefix, family);
  return { list, family, name };
});

/**
 * The clouds' instance metadata services (AWS, Azure, GCP, OpenStack: 169.254.169.254; AWS over
 * IPv6: fd00:ec2::254; Alibaba: 100.100.100.200). They hand out the machine's credentials, so an
 * allowed range around one does not open it: only the address itself listed in OUTBOUND_ALLOW does.
 */
export const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/** Names refused before any lookup (they mean this machine or a metadata service wherever the server runs). */
const REFUSED_NAMES = ['localhost', 'metadata.google.internal', 'metadata.goog'];

export const isRefusedName = (host: string): boolean =>
  REFUSED_NAMES.includes(host) || host.endsWith('.localhost') || host.endsWith('.localhost.');

/** The 16 bytes of an IPv6 address (any textual form, a dotted IPv4 tail included). */
function ipv6Bytes(address: string): Uint8Array {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    const value = parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  return bytes;
}

const v4At = (bytes: Uint8Array, at: number) => `${bytes[at]}.${bytes[at + 1]}.${bytes[at + 2]}.${bytes[at + 3]}`;
const zeros = (bytes: Uint8Array, from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);

/**
 * The IPv4 address an IPv6 one carries and that a connection to it reaches: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96, 64:ff9b:1::/48) and 6to4
 * (2002:AABB:CCDD::/16). Each is judged as that IPv4 address, so ::ffff:127.0.0.1 is loopback.
 */
export function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (zeros(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4At(bytes, 12);
  // :: and ::1 are themselves (unspecified, loopback); every other ::/96 address is IPv4-compatible.
  if (zeros(bytes, 0, 12) && !(zeros(bytes, 12, 15) && (bytes[15] ?? 0) <= 1)) return v4At(bytes, 12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) {
    if (zeros(bytes, 4, 12) || (bytes[4] === 0 && bytes[5] === 1)) return v4At(bytes, 12);
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4At(bytes, 2);
  return null;
}

/** The address as it is judged and compared: an IPv4 one carried in IPv6 as that IPv4 address; IPv6 lower-case, zone dropped. */
export function canonicalAddress(address: string): string {
  const plain = address.replace(/^\[|\]$/g, '');
  if (isIP(plain) !== 6) return plain;
  // The URL parser writes IPv6 in its one shortest form (fd00:0ec2:0:0:0:0:0:254 is fd00:ec2::254).
  return embeddedIpv4(plain) ?? new URL(`http://[${plain.replace(/%.*$/, '')}]/`).hostname.slice(1, -1);
}

/** The name of the refused range an IP address is in, or null for a public address. */
export function refusedRangeOf(address: string): string | null {
  const canonical = canonicalAddress(address);
  const family = isIP(canonical) === 4 ? 'ipv4' : 'ipv6';
  return refusedLists.find((range) => range.family === family && range.list.check(canonical, family))?.name ?? null;
}

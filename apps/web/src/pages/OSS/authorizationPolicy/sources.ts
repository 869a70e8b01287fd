/**
 * Source addresses of a key's policy, checked in the browser by the server's rules (node's `isIP`
 * and `keys/sources.ts`): an IPv4 or IPv6 address, optionally `/bits` with bits ≤ 32 or ≤ 128.
 */
const V4_SEGMENT = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const V4 = `(?:${V4_SEGMENT}\\.){3}${V4_SEGMENT}`;
const V6_SEGMENT = '(?:[0-9a-fA-F]{1,4})';
const S = V6_SEGMENT;
// The same alternatives as node's net.isIPv6, so the browser accepts exactly what the server does.
const V6 = [
  `(?:${S}:){7}(?:${S}|:)`,
  `(?:${S}:){6}(?:${V4}|:${S}|:)`,
  `(?:${S}:){5}(?::${V4}|(?::${S}){1,2}|:)`,
  `(?:${S}:){4}(?:(?::${S}){0,1}:${V4}|(?::${S}){1,3}|:)`,
  `(?:${S}:){3}(?:(?::${S}){0,2}:${V4}|(?::${S}){1,4}|:)`,
  `(?:${S}:){2}(?:(?::${S}){0,3}:${V4}|(?::${S}){1,5}|:)`,
  `(?:${S}:){1}(?:(?::${S}){0,4}:${V4}|(?::${S}){1,6}|:)`,
  `(?::(?:(?::${S}){0,5}:${V4}|(?::${S}){1,7}|:))`,
].join('|');

const IPV4 = new RegExp(`^${V4}$`);
const IPV6 = new RegExp(`^(?:${V6})(?:%[0-9a-zA-Z-.:]{1,})?$`);

/** 4 or 6 for an IP address, 0 otherwise (as node's `isIP`). */
export const ipVersion = (text: string): 0 | 4 | 6 => (IPV4.test(text) ? 4 : IPV6.test(text) ? 6 : 0);

/** The schema's bounds on one entry (AccessKeyPolicy.sourceCidrs). */
export const SOURCE_LENGTH = { min: 2, max: 49 } as const;

/** Whether the server takes `text` as a source: an address, or an address and a prefix length within its family's bits. */
export function isSource(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length < SOURCE_LENGTH.min || trimmed.length > SOURCE_LENGTH.max) return false;
  const [address = '', bits, extra] = trimmed.split('/');
  const version = ipVersion(address);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/** The entries the server would refuse. */
export const badSources = (sources: readonly string[]): string[] => sources.filter((source) => !isSource(source));

import type { TrustProxy } from '../../../platform/config.ts';
import { fromAllowedSource } from '../keys/sources.ts';

/** proxy-addr's names for address ranges (TRUST_PROXY accepts them), as CIDR ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * The client's address as the portal's API reads it under TRUST_PROXY (Fastify's proxy-addr rule):
 * from the peer back through X-Forwarded-For, each address trusted as a proxy passes to the one
 * before it; the first untrusted one is the client. Without TRUST_PROXY, the peer itself: a client
 * cannot choose its own address to pass a key's source ranges.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trust: TrustProxy): string {
  if (trust === false || !forwardedFor) return peer;
  const ranges = Array.isArray(trust) ? trust.flatMap((entry) => NAMED_RANGES[entry] ?? [entry]) : [];
  const chain = [
    peer,
    ...forwardedFor
      .split(',')
      .map((address) => address.trim())
      .reverse(),
  ].filter(Boolean);
  for (const [hop, address] of chain.entries()) {
    const trusted = trust === true || (typeof trust === 'number' ? hop < trust : fromAllowedSource(address, ranges));
    if (!trusted || hop === chain.length - 1) return address;
  }
  return peer;
}

import { createHmac } from 'node:crypto';

/**
 * RFC 6238 computed independently of the server's implementation, the way an authenticator app
 * does it, so tests of enrolment and sign-in do not grade the server with its own code.
 */
function fromBase32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...text.replace(/=+$/, '').toUpperCase()].map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0')).join('');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The 6-digit code of a base32 secret at a moment (default: now). */
export function totpCode(base32Secret: string, atMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', fromBase32(base32Secret)).update(counter).digest();
  const offset = mac[19]! & 0xf;
  const value = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(value % 1_000_000).padStart(6, '0');
}

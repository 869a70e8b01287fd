import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

describe('the S3 client address under TRUST_PROXY', () => {
  it('is the peer unless proxies are trusted', () => {
    expect(clientAddress('203.0.113.9', '10.1.1.1', false)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', undefined, true)).toBe('127.0.0.1');
  });

  it('walks back through X-Forwarded-For while the address is a trusted proxy', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.7, 10.0.0.2', true)).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', '198.51.100.7, 10.0.0.2', 1)).toBe('10.0.0.2');
    expect(clientAddress('127.0.0.1', '198.51.100.7, 10.0.0.2', 2)).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', '198.51.100.7, 10.0.0.2', ['loopback', '10.0.0.0/8'])).toBe('198.51.100.7');
    // A forged entry before an untrusted hop is not believed.
    expect(clientAddress('127.0.0.1', '10.9.9.9, 198.51.100.7', ['loopback', '10.0.0.0/8'])).toBe('198.51.100.7');
    expect(clientAddress('203.0.113.9', '10.0.0.2', ['loopback'])).toBe('203.0.113.9');
  });
});

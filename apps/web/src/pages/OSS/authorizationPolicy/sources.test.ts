import { describe, expect, it } from 'vitest';
import { badSources, ipVersion, isSource } from './sources.ts';

describe('ipVersion', () => {
  it('knows IPv4 addresses, without leading zeros or out-of-range parts', () => {
    expect(ipVersion('192.0.2.7')).toBe(4);
    expect(ipVersion('0.0.0.0')).toBe(4);
    expect(ipVersion('256.1.1.1')).toBe(0);
    expect(ipVersion('01.1.1.1')).toBe(0);
    expect(ipVersion('1.1.1')).toBe(0);
  });

  it('knows IPv6 addresses, compressed, with an embedded IPv4 or a zone', () => {
    expect(ipVersion('2001:db8::1')).toBe(6);
    expect(ipVersion('::')).toBe(6);
    expect(ipVersion('::ffff:192.0.2.7')).toBe(6);
    expect(ipVersion('fe80::1%eth0')).toBe(6);
    expect(ipVersion('2001:db8:::1')).toBe(0);
    expect(ipVersion('1:2:3:4:5:6:7:8:9')).toBe(0);
    expect(ipVersion('2001:db8::g')).toBe(0);
  });
});

describe('isSource', () => {
  it('takes addresses and ranges whose prefix length fits the family', () => {
    expect(isSource('10.0.0.0/8')).toBe(true);
    expect(isSource('192.0.2.7')).toBe(true);
    expect(isSource('192.0.2.0/32')).toBe(true);
    expect(isSource('2001:db8::/32')).toBe(true);
    expect(isSource('2001:db8::/128')).toBe(true);
    expect(isSource(' 10.1.2.3/24 ')).toBe(true);
  });

  it('refuses prefix lengths out of bounds, extra slashes and non-addresses', () => {
    expect(isSource('10.0.0.0/33')).toBe(false);
    expect(isSource('2001:db8::/129')).toBe(false);
    expect(isSource('10.0.0.0/')).toBe(false);
    expect(isSource('10.0.0.0/-1')).toBe(false);
    expect(isSource('10.0.0.0/8/8')).toBe(false);
    expect(isSource('10.0.0.0/0008')).toBe(false);
    expect(isSource('example.com')).toBe(false);
    expect(isSource('2001:0db8:0000:0000:0000:ff00:0042:8329/64x')).toBe(false);
  });

  it('lists the entries the server would refuse', () => {
    expect(badSources(['10.0.0.0/8', 'nope', '::1/200'])).toEqual(['nope', '::1/200']);
  });
});

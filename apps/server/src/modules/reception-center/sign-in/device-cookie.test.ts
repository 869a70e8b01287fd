import { generateKeyPairSync } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createDeviceCookies, DEVICE_COOKIE, DEVICE_COOKIE_DAYS, setDeviceCookie } from './device-cookie.ts';

const signer = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;

describe('device cookies', () => {
  it('name a device only for the username they were issued to', () => {
    const devices = createDeviceCookies(signer());
    const cookie = devices.issue('Alice');
    const device = devices.deviceFor(cookie, 'alice');
    expect(device).toMatch(/^[\w-]{22}$/);
    expect(devices.deviceFor(cookie, 'ALICE')).toBe(device);
    expect(devices.deviceFor(devices.issue('alice'), 'alice')).not.toBe(device);
    expect(devices.deviceFor(cookie, 'bob')).toBeUndefined();
    expect(devices.deviceFor(undefined, 'alice')).toBeUndefined();
  });

  it('refuse anything tampered with, forged, or from another key', () => {
    const key = signer();
    const devices = createDeviceCookies(key);
    const cookie = devices.issue('alice');
    const parts = cookie.split('.');
    const flip = (text: string) => (text.startsWith('A') ? `B${text.slice(1)}` : `A${text.slice(1)}`);
    for (const index of [1, 2, 3, 4]) {
      const changed = parts.map((part, i) => (i === index ? flip(part) : part)).join('.');
      expect(devices.deviceFor(changed, 'alice')).toBeUndefined();
    }
    expect(devices.deviceFor(`${cookie}.x`, 'alice')).toBeUndefined();
    expect(devices.deviceFor(parts.slice(0, 4).join('.'), 'alice')).toBeUndefined();
    expect(createDeviceCookies(signer()).deviceFor(cookie, 'alice')).toBeUndefined();
    expect(createDeviceCookies(key).deviceFor(cookie, 'alice')).toBe(devices.deviceFor(cookie, 'alice'));
  });

  it('expire after their lifetime', () => {
    let now = Date.now();
    const devices = createDeviceCookies(signer(), () => now);
    const cookie = devices.issue('alice');
    now += (DEVICE_COOKIE_DAYS * 86_400 - 60) * 1000;
    expect(devices.deviceFor(cookie, 'alice')).toBeDefined();
    now += 120_000;
    expect(devices.deviceFor(cookie, 'alice')).toBeUndefined();
  });

  it('are HttpOnly, Strict, limited to the OAuth calls, long-lived, and Secure on https', () => {
    const headerOf = (publicUrl: string) => {
      let value = '';
      setDeviceCookie({ header: (_: string, v: string) => (value = v) } as unknown as FastifyReply, publicUrl, 'v');
      return value;
    };
    const plain = headerOf('http://portal.test');
    expect(plain).toContain(`${DEVICE_COOKIE}=v`);
    expect(plain).toMatch(/; Path=\/api\/reception-center\/oauth(;|$)/);
    expect(plain).toMatch(/; HttpOnly/);
    expect(plain).toMatch(/; SameSite=Strict/);
    expect(plain).toContain(`; Max-Age=${DEVICE_COOKIE_DAYS * 86_400}`);
    expect(plain).not.toMatch(/Secure/);
    expect(headerOf('https://portal.example')).toMatch(/; Secure/);
  });
});

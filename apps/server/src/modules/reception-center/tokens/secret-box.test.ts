import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('secret box', () => {
  const signer = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const box = createSecretBox(signer);

  it('opens what it sealed for the same owner, and never stores the plain secret', () => {
    const secret = randomBytes(20);
    const sealed = box.seal(secret, 'user-1');
    expect(sealed).not.toContain(secret.toString('base64url'));
    expect(box.seal(secret, 'user-1')).not.toBe(sealed);
    expect(box.open(sealed, 'user-1').equals(secret)).toBe(true);
  });

  it('refuses another owner, another key and a tampered text', () => {
    const sealed = box.seal(randomBytes(20), 'user-1');
    expect(() => box.open(sealed, 'user-2')).toThrow();
    const otherKey = createSecretBox(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
    expect(() => otherKey.open(sealed, 'user-1')).toThrow();
    // One bit of the sealed text flipped (text is `v1.<base64url>`): the tag no longer matches.
    const [version, body = ''] = sealed.split('.');
    const bytes = Buffer.from(body, 'base64url');
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 1;
    const tampered = `${version}.${bytes.toString('base64url')}`;
    expect(() => box.open(tampered, 'user-1')).toThrow();
  });
});

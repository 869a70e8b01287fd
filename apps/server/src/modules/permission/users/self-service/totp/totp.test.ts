import { describe, expect, it } from 'vitest';
import { totpCode } from '../../../../../../test/totp-code.ts';
import { base32Encode, hotp, matchingStep, newTotpSecret, otpauthUrl, timeStep, totpAt } from './totp.ts';

/** RFC 6238 Appendix B: the seeds (ASCII) and the 8-digit codes at each time, per hash. */
const SEEDS = {
  sha1: '12345678901234567890',
  sha256: '12345678901234567890123456789012',
  sha512: '1234567890123456789012345678901234567890123456789012345678901234',
};
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('RFC 6238', () => {
  it.each(VECTORS)('gives the published codes at T=%i', (seconds, sha1, sha256, sha512) => {
    const step = timeStep(seconds * 1000);
    expect(hotp(Buffer.from(SEEDS.sha1), step, 8, 'sha1')).toBe(sha1);
    expect(hotp(Buffer.from(SEEDS.sha256), step, 8, 'sha256')).toBe(sha256);
    expect(hotp(Buffer.from(SEEDS.sha512), step, 8, 'sha512')).toBe(sha512);
    // The 6-digit code apps show is the same number's last six digits.
    expect(totpAt(Buffer.from(SEEDS.sha1), seconds * 1000)).toBe(sha1.slice(2));
  });

  it('agrees with an independent computation from the base32 secret', () => {
    for (let i = 0; i < 20; i++) {
      const secret = newTotpSecret();
      const at = Date.now() + i * 997_000;
      expect(totpAt(secret, at)).toBe(totpCode(base32Encode(secret), at));
    }
  });
});

describe('matchingStep', () => {
  const secret = Buffer.from(SEEDS.sha1);
  const now = 1_700_000_000_000;
  const step = timeStep(now);

  it('accepts the code of this step and of one step either side, naming the step', () => {
    expect(matchingStep(secret, hotp(secret, step), now)).toBe(step);
    expect(matchingStep(secret, hotp(secret, step - 1), now)).toBe(step - 1);
    expect(matchingStep(secret, hotp(secret, step + 1), now)).toBe(step + 1);
  });

  it('refuses codes two steps away, wrong codes and malformed ones', () => {
    expect(matchingStep(secret, hotp(secret, step - 2), now)).toBeUndefined();
    expect(matchingStep(secret, hotp(secret, step + 2), now)).toBeUndefined();
    const wrong = String((Number(hotp(secret, step)) + 1) % 1_000_000).padStart(6, '0');
    expect(matchingStep(secret, wrong, now)).toBeUndefined();
    expect(matchingStep(secret, '12345', now)).toBeUndefined();
    expect(matchingStep(secret, '', now)).toBeUndefined();
  });
});

describe('base32 (RFC 4648 §10, without padding)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%s → %s', (plain, encoded) => {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
  });

  it('encodes a 20-byte secret in 32 characters', () => {
    expect(base32Encode(newTotpSecret())).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('otpauthUrl', () => {
  it('follows the Key Uri Format with issuer prefix and parameters', () => {
    const url = new URL(otpauthUrl({ issuer: 'Workbench Portal', account: 'ann@example', secret: 'MZXW6YTBOI' }));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Workbench Portal:ann@example');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'MZXW6YTBOI',
      issuer: 'Workbench Portal',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

import { LOGIN_STATE_RANGE } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { base64url, challengeOf, createState, createVerifier } from './pkce.ts';

describe('PKCE helpers', () => {
  it('encodes base64url without padding or +/ characters', () => {
    expect(base64url(new Uint8Array([251, 255, 191]))).toBe('-_-_');
    expect(base64url(new Uint8Array([1]))).toBe('AQ');
  });

  it('creates verifiers of 64 unreserved characters, different each time', () => {
    const verifier = createVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(createVerifier()).not.toBe(verifier);
  });

  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('draws states as integers within the spec range', () => {
    for (let i = 0; i < 500; i += 1) {
      const state = Number(createState());
      expect(Number.isInteger(state)).toBe(true);
      expect(state).toBeGreaterThanOrEqual(LOGIN_STATE_RANGE.min);
      expect(state).toBeLessThanOrEqual(LOGIN_STATE_RANGE.max);
    }
  });
});

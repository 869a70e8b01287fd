import { describe, expect, it } from 'vitest';
import { base64url } from './pkce.ts';
import { secondsLeft } from './usableToken.ts';

const jwtWith = (payload: object) =>
  ['{"alg":"EdDSA"}', JSON.stringify(payload)].map((part) => base64url(new TextEncoder().encode(part))).join('.') + '.sig';

describe('secondsLeft', () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  it("reads the time left from the token's exp claim", () => {
    expect(secondsLeft(jwtWith({ exp: now / 1000 + 600 }), now)).toBe(600);
    expect(secondsLeft(jwtWith({ exp: now / 1000 + 30.5 }), now)).toBe(30.5);
  });
  it('counts an expired token, one without exp and one that is not a JWT as used up', () => {
    expect(secondsLeft(jwtWith({ exp: now / 1000 - 5 }), now)).toBe(0);
    expect(secondsLeft(jwtWith({ sub: 'u' }), now)).toBe(0);
    expect(secondsLeft('not-a-token', now)).toBe(0);
    expect(secondsLeft('a.%%%.c', now)).toBe(0);
  });
});

import { STATUS_MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { errorToastText, isSuccess } from './errors.ts';

const fallback = (status?: number) => `failed ${status ?? 'network'}`;

describe('errorToastText', () => {
  it('never toasts a 401', () => {
    expect(errorToastText(401, { code: 'UNAUTHORIZED', message: 'no' }, fallback)).toBeNull();
  });
  it("prefers the server's message", () => {
    expect(errorToastText(409, { code: 'CONFLICT', message: 'Name taken' }, fallback)).toBe('Name taken');
  });
  it('falls back to the status text of the spec, then to the caller', () => {
    expect(errorToastText(502, '<html>bad gateway</html>', fallback)).toBe(STATUS_MESSAGES[502]);
    expect(errorToastText(418, null, fallback)).toBe('failed 418');
    expect(errorToastText(undefined, undefined, fallback)).toBe('failed network');
  });
});

describe('isSuccess', () => {
  it('accepts 200–299 only', () => {
    expect([199, 200, 204, 299, 300, 304].map(isSuccess)).toEqual([false, true, true, true, false, false]);
  });
});

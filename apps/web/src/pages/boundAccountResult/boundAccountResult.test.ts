import { describe, expect, it } from 'vitest';
import { continuation, readBoundAccountResult } from './boundAccountResult.ts';

const read = (query: string) => readBoundAccountResult(new URLSearchParams(query));

describe('readBoundAccountResult', () => {
  it('reads a success and its provider', () => {
    expect(read('result=success&type=WeChat')).toEqual({ success: true, provider: 'wechat', reason: 'unknown' });
  });

  it('treats anything but an explicit success as a failure, with only known reasons', () => {
    expect(read('result=failure&type=github&reason=already_bound')).toEqual({
      success: false,
      provider: 'github',
      reason: 'already_bound',
    });
    expect(read('result=SUCCESS').success).toBe(false);
    expect(read('').success).toBe(false);
    expect(read('result=failure&reason=<script>').reason).toBe('unknown');
  });

  it('ignores a provider that is not a plain identifier', () => {
    expect(read('result=success&type=').provider).toBeUndefined();
    expect(read('result=success&type=evil%20text%20here').provider).toBeUndefined();
    expect(read(`result=success&type=${'a'.repeat(41)}`).provider).toBeUndefined();
  });
});

describe('continuation', () => {
  it('goes back into the authorize request only, else nowhere (the page offers the sign-in page)', () => {
    const authorize = '/api/reception-center/oauth/authorize?client_id=portal-web&state=1';
    expect(continuation(authorize)).toBe(authorize);
    expect(continuation('https://evil.example/api/reception-center/oauth/authorize?x')).toBeUndefined();
    expect(continuation('//evil.example')).toBeUndefined();
    expect(continuation('/OSWorkbench')).toBeUndefined();
    expect(continuation(null)).toBeUndefined();
  });
});

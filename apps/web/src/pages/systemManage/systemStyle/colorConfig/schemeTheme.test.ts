import { describe, expect, it } from 'vitest';
import { nativeColourOf, schemeTokens, withoutBlank } from './schemeTheme.ts';

describe('a colour scheme as antd tokens', () => {
  it('maps the primary and each colour set to its seed token', () => {
    expect(schemeTokens({ primary: '#1677ff', colours: { success: '#52c41a', bgBase: '#000000' } })).toEqual({
      colorPrimary: '#1677ff',
      colorSuccess: '#52c41a',
      colorBgBase: '#000000',
    });
  });

  it('leaves out what the scheme does not set', () => {
    expect(schemeTokens({ primary: '', colours: {} })).toEqual({});
    expect(schemeTokens({})).toEqual({});
  });

  it('drops cleared colours before sending', () => {
    expect(withoutBlank({ success: '#52c41a', error: undefined, info: null, link: '' })).toEqual({ success: '#52c41a' });
  });

  it('shows a hex colour in the browser’s colour input as #rrggbb', () => {
    expect(nativeColourOf('#1677FF')).toBe('#1677ff');
    expect(nativeColourOf('#abc')).toBe('#aabbcc');
    expect(nativeColourOf('#11223344')).toBe('#112233');
    expect(nativeColourOf(undefined)).toBe('#000000');
    expect(nativeColourOf('red')).toBe('#000000');
  });
});

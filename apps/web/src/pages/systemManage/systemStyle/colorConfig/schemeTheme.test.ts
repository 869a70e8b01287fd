import { describe, expect, it } from 'vitest';
import { schemeTokens, withoutBlank } from './schemeTheme.ts';

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
});

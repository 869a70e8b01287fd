import { describe, expect, it } from 'vitest';
import { translator } from './messages.ts';
import { textOn, themeVariables } from './theme.ts';

describe('translator', () => {
  it('fills placeholders in the shell language', () => {
    expect(translator('en-US')('signedInAs', { name: 'Ada' })).toBe('Signed in as Ada');
    expect(translator('zh-CN')('signedInAs', { name: 'Ada' })).toBe('当前登录：Ada');
  });

  it('leaves a placeholder without a value visible rather than blank', () => {
    expect(translator('en-US')('signedInAs')).toBe('Signed in as {{name}}');
  });
});

describe('theme', () => {
  it('puts readable text on the brand colour', () => {
    expect(textOn('#304ffe')).toBe('#ffffff');
    expect(textOn('#ffeb3b')).toBe('#000000');
  });

  it('turns the shell theme into CSS variables, falling back on a malformed brand colour', () => {
    expect(themeVariables({ mode: 'dark', brandColor: '#00aa55' })).toMatchObject({ '--md-brand': '#00aa55', '--md-bg': '#1f1f1f' });
    expect(themeVariables({ mode: 'light', brandColor: 'red' })).toMatchObject({ '--md-brand': '#304ffe', '--md-bg': '#ffffff' });
  });
});

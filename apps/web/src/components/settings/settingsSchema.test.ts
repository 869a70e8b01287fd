import { AuthSettings, BaseSettings, DEFAULT_SETTINGS, SafeSettings } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  accepts,
  blamedPath,
  problemOf,
  schemaAt,
  sectionValueOf,
  widgetOf,
  type JsonSchema,
  type RuleMessages,
} from './settingsSchema.ts';

const messages: RuleMessages = {
  required: 'required',
  range: (min, max) => `${min}..${max}`,
  integer: 'integer',
  min: (min) => `min ${min}`,
  max: (max) => `max ${max}`,
  pattern: 'pattern',
  choice: 'choice',
};

describe('schemaAt and widgetOf', () => {
  it('finds nested fields, through nullable ones, and the widget each gets', () => {
    expect(widgetOf(schemaAt(BaseSettings, ['systemName']))).toBe('text');
    expect(widgetOf(schemaAt(BaseSettings, ['logo']))).toBe('image');
    expect(widgetOf(schemaAt(BaseSettings, ['loginPage', 'background', 'image']))).toBe('image');
    expect(widgetOf(schemaAt(BaseSettings, ['loginPage', 'layout']))).toBe('choice');
    expect(widgetOf(schemaAt(BaseSettings, ['loginPage', 'background', 'color']))).toBe('colour');
    expect(widgetOf(schemaAt(BaseSettings, ['defaultTheme', 'brandColor']))).toBe('colour');
    expect(widgetOf(schemaAt(BaseSettings, ['loginPage', 'footer']))).toBe('textarea');
    expect(widgetOf(schemaAt(BaseSettings, ['loginPage', 'showOptions', 'rememberMe']))).toBe('switch');
    expect(widgetOf(schemaAt(AuthSettings, ['accessTokenMinutes']))).toBe('integer');
    expect(widgetOf(schemaAt(SafeSettings, ['password', 'requireClasses']))).toBe('group');
  });

  it('refuses a path the schema does not have', () => {
    expect(() => schemaAt(BaseSettings, ['loginPage', 'colour'])).toThrow(/loginPage.colour/);
  });
});

describe('problemOf', () => {
  const check = (path: string[], value: unknown, schema: JsonSchema = BaseSettings) => problemOf(schemaAt(schema, path), value, messages);

  it('takes blank for "none" where the schema takes null, and requires the rest', () => {
    expect(check(['systemName'], '')).toBeUndefined();
    expect(check(['systemName'], '   ')).toBeUndefined();
    expect(check(['loginPage', 'layout'], undefined)).toBe('required');
    expect(check(['accessTokenMinutes'], null, AuthSettings)).toBe('required');
  });

  it('checks lengths, patterns, choices and ranges as the server does', () => {
    expect(check(['systemName'], 'x'.repeat(61))).toBe('max 60');
    expect(check(['systemName'], ' Acme ')).toBeUndefined();
    expect(check(['logo'], 'http://example.com/logo.png')).toBe('pattern');
    expect(check(['logo'], '//evil.example/logo.png')).toBe('pattern');
    expect(check(['logo'], '/open/icons/brand/logo.svg')).toBeUndefined();
    expect(check(['defaultTheme', 'brandColor'], '#30f')).toBe('pattern');
    expect(check(['defaultTheme', 'mode'], 'sepia')).toBe('choice');
    expect(check(['accessTokenMinutes'], 61, AuthSettings)).toBe('1..60');
    expect(check(['accessTokenMinutes'], 1.5, AuthSettings)).toBe('integer');
    expect(check(['accessTokenMinutes'], 60, AuthSettings)).toBeUndefined();
  });
});

describe('accepts', () => {
  it('says whether the server would take a value', () => {
    expect(accepts(schemaAt(BaseSettings, ['logo']), '/open/icons/brand/logo.svg')).toBe(true);
    expect(accepts(schemaAt(BaseSettings, ['logo']), 'javascript:alert(1)')).toBe(false);
    expect(accepts(schemaAt(BaseSettings, ['logo']), null)).toBe(true);
  });
});

describe('sectionValueOf', () => {
  const base = DEFAULT_SETTINGS.base;

  it('keeps the fields the form does not show and replaces those it does', () => {
    const value = sectionValueOf(BaseSettings, { ...base, systemName: 'Old' }, { loginPage: { title: '  Welcome  ', subtitle: '' } });
    expect(value.systemName).toBe('Old');
    expect(value.loginPage).toEqual({ ...base.loginPage, title: 'Welcome', subtitle: null });
    expect(value.defaultTheme).toEqual(base.defaultTheme);
  });

  it('sends a cleared nullable field as null and leaves untouched ones as they were', () => {
    const current = {
      ...base,
      logo: '/open/icons/brand/logo.svg',
      loginPage: { ...base.loginPage, background: { color: '#102030', image: null } },
    };
    const value = sectionValueOf(BaseSettings, current, { logo: '', loginPage: { background: { color: null } } });
    expect(value.logo).toBeNull();
    expect(value.loginPage.background).toEqual({ color: null, image: null });
    expect(Object.keys(value)).toEqual(Object.keys(base));
  });

  it('takes switches and numbers as they are', () => {
    const auth = DEFAULT_SETTINGS.auth;
    const value = sectionValueOf(AuthSettings, auth, { accessTokenMinutes: 5, signInOptions: { qr: false } });
    expect(value).toEqual({ ...auth, accessTokenMinutes: 5, signInOptions: { ...auth.signInOptions, qr: false } });
  });
});

describe('blamedPath', () => {
  it('reads the field the server names, in either form', () => {
    expect(blamedPath({ field: 'body.password.requireClasses' })).toEqual(['password', 'requireClasses']);
    expect(blamedPath({ instancePath: '/body/loginPage/title' })).toEqual(['loginPage', 'title']);
    expect(blamedPath({ field: 'body' })).toBeUndefined();
    expect(blamedPath(undefined)).toBeUndefined();
  });
});

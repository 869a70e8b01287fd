import { DEFAULT_SETTINGS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { draftOf } from './draft.ts';

const saved = { ...DEFAULT_SETTINGS.base, logo: '/open/icons/brand/logo.svg' };

describe('draftOf', () => {
  it('shows what is typed over the saved design, blank texts as none', () => {
    const draft = draftOf(saved, { loginPage: { title: ' Welcome ', subtitle: '', layout: 'right' }, logo: undefined });
    expect(draft.loginPage).toEqual({ ...saved.loginPage, title: 'Welcome', subtitle: null, layout: 'right' });
    expect(draft.logo).toBe(saved.logo);
  });

  it('loads no image address until it is one the server would take', () => {
    const typing = draftOf(saved, { loginPage: { background: { image: 'https:/' } }, logo: 'javascript:alert(1)' });
    expect(typing.loginPage.background.image).toBeNull();
    expect(typing.logo).toBe(saved.logo);
    const typed = draftOf(saved, { loginPage: { background: { image: 'https://cdn.example/bg.jpg' } }, logo: '' });
    expect(typed.loginPage.background.image).toBe('https://cdn.example/bg.jpg');
    expect(typed.logo).toBeNull();
  });

  it('before the form has mounted, is the saved design', () => {
    expect(draftOf(saved, { loginPage: undefined, logo: undefined })).toEqual({ loginPage: saved.loginPage, logo: saved.logo });
  });
});

import { describe, expect, it } from 'vitest';
import { INVITE_PAGE_PATH, invitePageUrl } from './account.ts';

describe('invitePageUrl', () => {
  it('points at the invitation page with the token escaped, whatever the trailing slashes of the public address', () => {
    expect(INVITE_PAGE_PATH).toBe('/register/invite');
    expect(invitePageUrl('https://portal.example', 'a+b/c=')).toBe('https://portal.example/register/invite?token=a%2Bb%2Fc%3D');
    expect(invitePageUrl('https://portal.example/', 'x')).toBe('https://portal.example/register/invite?token=x');
    expect(new URL(invitePageUrl('http://127.0.0.1:8080//', 'tok en')).searchParams.get('token')).toBe('tok en');
  });
});

import { describe, expect, it } from 'vitest';
import { outcomeOf, passwordUpdatePath } from './signInOutcome.ts';

describe('outcomeOf', () => {
  const back = '/api/reception-center/oauth/authorize?client_id=portal-web&state=1';

  it('leaves for the redirect of a started session', () => {
    expect(outcomeOf({ redirect: back }, 'ann', back)).toEqual({ next: 'leave', to: back });
  });

  it('asks for a code with the ticket', () => {
    expect(outcomeOf({ totpRequired: true, ticket: 't-1', expiresIn: 300 }, 'ann', undefined)).toEqual({ next: 'code', ticket: 't-1' });
  });

  it('sets up a required authenticator app with the ticket', () => {
    expect(outcomeOf({ mfaEnrolmentRequired: true, ticket: 't-2', expiresIn: 300 }, 'ann', undefined)).toEqual({
      next: 'enrol',
      ticket: 't-2',
    });
  });

  it('sends an expired password to /passwordupdate with the username and where to go after', () => {
    const outcome = outcomeOf({ passwordExpired: true }, 'ann.lee', back);
    expect(outcome.next).toBe('changePassword');
    const url = new URL(outcome.next === 'changePassword' ? outcome.to : '', 'http://portal.test');
    expect(url.pathname).toBe('/passwordupdate');
    expect(Object.fromEntries(url.searchParams)).toEqual({ username: 'ann.lee', redirect: back });
  });
});

describe('passwordUpdatePath', () => {
  it('leaves out a missing return address', () => {
    expect(passwordUpdatePath('bob', undefined)).toBe('/passwordupdate?username=bob');
  });
});

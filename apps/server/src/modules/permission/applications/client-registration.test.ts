import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.ts';
import { clientFields } from './client-registration.ts';

const refusedField = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.details?.field;
    throw error;
  }
  return undefined;
};

describe('a client registration on an https portal', () => {
  it('allows plain http only to a loopback address', () => {
    for (const uri of ['http://127.0.0.1:9000/cb', 'http://localhost/cb', 'http://[::1]:8080/cb', 'https://app.example.com/cb']) {
      expect(clientFields('web', { redirectUris: [uri] }, false).redirectUris).toEqual([uri]);
    }
    expect(refusedField(() => clientFields('web', { redirectUris: ['http://app.example.com/cb'] }, false))).toBe('redirectUris');
    expect(
      refusedField(() =>
        clientFields('web', { redirectUris: ['https://app.example.com/cb'], postLogoutRedirectUris: ['http://app.example.com/'] }, false),
      ),
    ).toBe('postLogoutRedirectUris');
    expect(clientFields('web', { redirectUris: ['http://app.example.com/cb'] }, true).redirectUris).toEqual(['http://app.example.com/cb']);
  });

  it('defaults a web client to a confidential code-and-refresh client and a machine client to client_credentials', () => {
    expect(clientFields('web', { redirectUris: ['https://app.example.com/cb'] }, false)).toEqual({
      confidential: true,
      redirectUris: ['https://app.example.com/cb'],
      postLogoutRedirectUris: [],
      grantTypes: ['authorization_code', 'refresh_token'],
    });
    expect(clientFields('machine', {}, false)).toEqual({
      confidential: true,
      redirectUris: [],
      postLogoutRedirectUris: [],
      grantTypes: ['client_credentials'],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { answerWith } from '../../test/fakeServer.ts';
import { exchangeCode, refreshGrant } from './oauth.ts';

const TOKENS = { access_token: 'a', token_type: 'Bearer', expires_in: 300, refresh_token: 'r' };

describe('the token endpoint', () => {
  it('gets the authorization code grant form-encoded, without a toast or a refresh on failure', async () => {
    const sent = answerWith(TOKENS);
    await expect(
      exchangeCode({ clientId: 'portal-web', redirectUri: 'http://localhost:8080/auth' }, { code: 'c 1', verifier: 'v~1', state: 's' }),
    ).resolves.toEqual(TOKENS);
    const [config] = sent;
    expect(config?.method).toBe('post');
    expect(config?.url).toBe('/api/reception-center/oauth/token');
    expect(config?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(config?.data).toBe(
      'grant_type=authorization_code&client_id=portal-web&code=c%201&code_verifier=v~1' +
        '&redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fauth&state=s',
    );
    expect(config?.silent).toBe(true);
    expect(config?.skipAuthRefresh).toBe(true);
  });

  it('gets the refresh token grant the same way', async () => {
    const sent = answerWith(TOKENS);
    await refreshGrant({ clientId: 'portal-web' }, 'refresh-1');
    expect(sent[0]?.url).toBe('/api/reception-center/oauth/token');
    expect(sent[0]?.data).toBe('grant_type=refresh_token&client_id=portal-web&refresh_token=refresh-1');
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { PORTAL_CLIENT_ID } from '@portal/contracts';

const PREFIX = '/api/reception-center';

/**
 * Signing in to a running portal over real HTTP (a server process: benchmarks, crash tests), as the
 * web does: a password sign-in, then an authorization-code + PKCE round.
 */

/** A password sign-in: the session cookie. */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}${PREFIX}/oauth/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** One authorization-code + PKCE round for a signed-in session: a fresh token chain. */
export async function tokenChain(url: string, sessionCookie: string): Promise<{ access_token: string; refresh_token: string }> {
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${url}/auth`;
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: PORTAL_CLIENT_ID,
    redirect_uri: redirectUri,
    scope: 'openid profile',
    state: '1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const authorize = await fetch(`${url}${PREFIX}/oauth/authorize?${query}`, { headers: { cookie: sessionCookie }, redirect: 'manual' });
  const code = new URL(authorize.headers.get('location') ?? '').searchParams.get('code');
  if (!code) throw new Error(`authorize gave no code: ${authorize.status}`);
  const token = await fetch(`${url}${PREFIX}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: refreshForm({
      grant_type: 'authorization_code',
      client_id: PORTAL_CLIENT_ID,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    }),
  });
  if (!token.ok) throw new Error(`token exchange failed: ${await token.text()}`);
  return (await token.json()) as { access_token: string; refresh_token: string };
}

/** The access token of a fresh sign-in, for calls that never refresh. */
export async function accessToken(url: string, username: string, password: string): Promise<string> {
  return (await tokenChain(url, await signIn(url, username, password))).access_token;
}

export const refreshForm = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const refreshBody = (refreshToken: string) =>
  refreshForm({ grant_type: 'refresh_token', client_id: PORTAL_CLIENT_ID, refresh_token: refreshToken });
export const TOKEN_PATH = `${PREFIX}/oauth/token`;
export const WHO_PATH = `${PREFIX}/member/who`;
export const SIGN_IN_PATH = `${PREFIX}/oauth/jwt`;

import { SETTINGS, measure, type Figure } from './load.ts';
import { accessToken, refreshBody, signIn, SIGN_IN_PATH, tokenChain, TOKEN_PATH, WHO_PATH } from './tokens.ts';
import { ADMIN_PASSWORD } from './server.ts';

export const healthLoad = (url: string) => ({ url: `${url}/api/health`, connections: SETTINGS.connections });

export async function who(url: string): Promise<Figure> {
  const token = await accessToken(url);
  return measure({ url: `${url}${WHO_PATH}`, connections: SETTINGS.connections, headers: { authorization: `Bearer ${token}` } });
}

/**
 * Token refresh with rotation. Every request must present an unused refresh token (a used one
 * revokes its chain), so a pool of independent chains is shared: a request takes a free chain's
 * token and the response gives the chain back with its next token. Chains left in flight when a
 * run stops are dropped, so the pool is topped up before each run; a failed response counts as an error.
 */
export async function refresh(url: string): Promise<Figure> {
  const session = await signIn(url);
  const pool: string[] = [];
  const topUp = async () => {
    while (pool.length < SETTINGS.connections * 3) pool.push((await tokenChain(url, session)).refresh_token);
  };
  return measure(
    {
      url: `${url}${TOKEN_PATH}`,
      connections: SETTINGS.connections,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          setupRequest: (request) => {
            const token = pool.shift();
            if (!token) throw new Error('the refresh-token pool ran dry');
            return { ...request, body: refreshBody(token) };
          },
          onResponse: (status, body) => {
            if (status === 200) pool.push((JSON.parse(body) as { refresh_token: string }).refresh_token);
          },
        },
      ],
    },
    topUp,
  );
}

/** Password sign-ins (argon2id verification) per second, from 4 connections: bound by the hash. */
export const signIns = (url: string): Promise<Figure> =>
  measure({
    url: `${url}${SIGN_IN_PATH}`,
    connections: 4,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });

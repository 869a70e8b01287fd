import type { TestApp } from '../app.ts';
import { totpCode } from '../totp-code.ts';
import { mfaToken } from './account.ts';
import { permissionApi } from './identity.ts';

export { totpCode };

/**
 * Sets up an authenticator app for a signed-in user through the API (mfa_token of purpose 'totp',
 * start, confirm with the current code); returns the base32 secret the app would hold.
 */
export async function enrolTotp(t: TestApp, user: { headers: Record<string, string>; password: string }): Promise<string> {
  const token = await mfaToken(t, user.headers, user.password, 'totp');
  const started = await t.app.inject({ method: 'POST', url: permissionApi(`/users/self/totp?mfa_token=${token}`), headers: user.headers });
  if (started.statusCode !== 200) throw new Error(`totp start failed: ${started.body}`);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await t.app.inject({
    method: 'POST',
    url: permissionApi('/users/self/totp/confirm'),
    headers: user.headers,
    payload: { code: totpCode(secret) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`totp confirm failed: ${confirmed.body}`);
  return secret;
}

import { eq } from 'drizzle-orm';
import type { MfaPurpose } from '@portal/contracts';
import { asSystem } from '../../src/platform/db/actor.ts';
import { users } from '../../src/modules/permission/tables.ts';
import { bearer, createUser, tokensFor, type TestApp } from '../app.ts';
import { permissionApi } from './identity.ts';

export { setSignInOptions } from './settings.ts';

/** Factories for the self-service account tests; the shared ones (rows, audit entries) are in identity.ts. */

let address = 0;
/** A fresh client address, so per-address rate limits and failure counters do not leak between tests. */
export const nextAddress = () => {
  address += 1;
  return `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};

/**
 * A user with a password (and optionally email and phone), signed in through the real code flow.
 * `passwordExpired` is set after the sign-in (an expired password starts no new session).
 */
export async function signedInUser(t: TestApp, input: { email?: string; phone?: string; passwordExpired?: boolean } = {}) {
  const user = await createUser(t);
  const tokens = await tokensFor(t, user.username, user.password);
  await asSystem(t.database.db, (db) =>
    db
      .update(users)
      .set({ email: input.email ?? null, phone: input.phone ?? null, passwordExpired: input.passwordExpired ?? false })
      .where(eq(users.id, user.id)),
  );
  return { ...user, email: input.email ?? null, tokens, headers: bearer(tokens.access_token) };
}

/** An mfa_token for the purpose, got through the API with the user's password. */
export async function mfaToken(t: TestApp, headers: Record<string, string>, password: string, purpose: MfaPurpose): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: permissionApi('/users/self/mfa'),
    headers,
    payload: { password, purpose },
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`mfa failed: ${response.statusCode} ${response.body}`);
  return response.json<{ mfa_token: string }>().mfa_token;
}

/** A tiny but real PNG (1×1 pixel) as a data: URL. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

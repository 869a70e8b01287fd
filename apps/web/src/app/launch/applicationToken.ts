import { applicationTokenEndpoints } from '@portal/contracts';
import { call } from '../../api/call.ts';

/** A token handed to a third-party page must last long enough for it to start and make its first calls. */
export const MIN_SECONDS_LEFT = 60;

/**
 * The token a third-party (WebThird) page is handed: one for its application only, which the portal
 * accepts for nothing but who the user is, never the portal's own access token. It is issued fresh
 * (five minutes); a portal token the server refuses is refreshed and the request repeated by the
 * shared client.
 */
export async function applicationToken(applicationId: string): Promise<string> {
  const data = await call(applicationTokenEndpoints.issue, { params: { applicationId } });
  // Counted from the server's answer, not the token's `exp`: the browser's clock may be off.
  if (data.expiresIn < MIN_SECONDS_LEFT) throw new Error(`The application token lives ${data.expiresIn} s only`);
  return data.token;
}

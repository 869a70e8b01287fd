import type { ReceptionCenter } from '../context.ts';
import { clientRedirect } from './client-redirect.ts';
import type { PendingAuthorization } from './consent-tickets.ts';

/**
 * Ends an authorization request the user may be given a code for (signed in; consented, or no
 * consent needed): the address of the client's redirect URI with the code, its state and our issuer.
 */
export async function codeRedirect(
  rc: Pick<ReceptionCenter, 'grants' | 'issuer'>,
  pending: PendingAuthorization,
  session: { id: string; userId: string },
): Promise<string> {
  const code = await rc.grants.createCode({
    clientId: pending.clientId,
    userId: session.userId,
    sessionId: session.id,
    redirectUri: pending.redirectUri,
    codeChallenge: pending.codeChallenge,
    scope: pending.scope,
    nonce: pending.nonce ?? undefined,
  });
  return clientRedirect(pending.redirectUri, { code }, { state: pending.state, issuer: rc.issuer });
}

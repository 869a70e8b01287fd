import type { IntrospectionResponse } from '@portal/contracts';
import type { ReceptionCenter } from '../context.ts';
import type { InspectedToken } from '../tokens/access-tokens.ts';
import type { OAuthClient } from './clients.ts';

type Deps = Pick<ReceptionCenter, 'accessTokens' | 'clients' | 'directory' | 'issuer' | 'permission'>;
type Asking = Pick<OAuthClient, 'id' | 'applicationId' | 'introspectAny'>;

/**
 * RFC 7662 §2.2 for one of our access tokens. Anything that is not a valid, unexpired, unrevoked
 * token answers `{active:false}` alone, whatever the reason, so the answer tells a caller nothing
 * more. A token is active only while whom it was issued to is in service (a disabled application's
 * tokens are inactive; enabled again, its unexpired ones are active again); a client_credentials token
 * only while its client is still registered with that grant and holds the secret the token was
 * obtained with (a rotated secret ends its tokens); a user's token only while its account is enabled.
 * Refresh tokens are not introspected.
 *
 * RFC 7662 §4: a client learns only of tokens meant for it (`meantFor`); of any other, even a valid
 * one (the administrator's portal token, say), `{active:false}`, unless an operator gave it the right
 * to introspect any token (`introspectAny`, a resource server of the portal's own tokens).
 * When the asking client belongs to an application, a client_credentials token's answer also lists
 * the APIs of that application its caller may call now (`authorized_apis`): the check the called
 * application's backend makes before it serves a call.
 */
export async function introspect(rc: Deps, token: string, asking: Asking): Promise<IntrospectionResponse> {
  const inactive = { active: false };
  const claims = await rc.accessTokens.inspect(token);
  if (!claims) return inactive;
  const party = await rc.clients.partyOf(claims);
  if (!party || !(await inForce(rc, claims))) return inactive;
  const authorizedApis =
    claims.machine && claims.applicationId && asking.applicationId
      ? await authorizedApisOf(rc, claims.applicationId, asking.applicationId)
      : undefined;
  if (!meantFor(asking, { clientId: claims.clientId, applicationId: party.applicationId, authorizedApis })) return inactive;
  return {
    active: true,
    client_id: claims.clientId,
    sub: claims.sub,
    exp: claims.exp,
    iat: claims.iat,
    iss: rc.issuer,
    token_type: 'Bearer',
    scope: claims.scope,
    ...(claims.machine && claims.applicationId ? { application_id: claims.applicationId } : {}),
    ...(authorizedApis ? { authorized_apis: authorizedApis } : {}),
  };
}

/** Whether the token, checked already as ours and unexpired, is still in force for its kind. */
async function inForce(rc: Deps, claims: InspectedToken): Promise<boolean> {
  if (!claims.machine) return (await rc.directory.byId(claims.sub))?.actived === true;
  const client = await rc.clients.find(claims.clientId);
  if (!client?.grantTypes.includes('client_credentials') || client.applicationId !== claims.applicationId) return false;
  return !issuedBeforeSecretChanged(claims.iat, client.secretChangedAt);
}

/**
 * The tokens a client may learn of: those issued to it or to another client of its application (an
 * application's backend checks its web client's users), those of an application authorised to call
 * one of its application's APIs (the called backend checks its caller), and any, given the right.
 */
function meantFor(
  asking: Asking,
  token: { clientId: string; applicationId: string | null; authorizedApis: unknown[] | undefined },
): boolean {
  if (asking.introspectAny || token.clientId === asking.id) return true;
  if (asking.applicationId === null) return false;
  return token.applicationId === asking.applicationId || (token.authorizedApis?.length ?? 0) > 0;
}

/**
 * Whether a token was issued before its client's secret changed. `iat` counts whole seconds, so a
 * token of the very second of the change stays active: it may be the new secret's first.
 */
const issuedBeforeSecretChanged = (iat: number, secretChangedAt: Date | null) =>
  secretChangedAt !== null && iat < Math.floor(secretChangedAt.getTime() / 1000);

const authorizedApisOf = async (rc: Pick<ReceptionCenter, 'permission'>, callerApplicationId: string, ownerApplicationId: string) =>
  (await rc.permission.callableApis(callerApplicationId, ownerApplicationId)).map(({ expiresAt, ...api }) => ({
    ...api,
    expires_at: expiresAt,
  }));

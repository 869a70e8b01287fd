import type { IntrospectionResponse } from '@portal/contracts';
import type { ReceptionCenter } from '../context.ts';
import { findClient, type OAuthClient } from './clients.ts';

/**
 * RFC 7662 §2.2 for one of our access tokens. Anything that is not a valid, unexpired, unrevoked
 * token answers `{active:false}` alone, whatever the reason, so the answer tells a caller nothing
 * more. A client_credentials token is active only while its client is still registered with that
 * grant and holds the secret the token was obtained with (a rotated secret ends its tokens); a user's
 * token only while its account is enabled. Refresh tokens are not introspected.
 * When the asking client belongs to an application, a client_credentials token's answer also lists
 * the APIs of that application its caller may call now (`authorized_apis`): the check the called
 * application's backend makes before it serves a call.
 */
export async function introspect(
  rc: Pick<ReceptionCenter, 'accessTokens' | 'db' | 'directory' | 'issuer' | 'permission'>,
  token: string,
  asking: Pick<OAuthClient, 'applicationId'>,
): Promise<IntrospectionResponse> {
  const inactive = { active: false };
  const claims = await rc.accessTokens.inspect(token);
  if (!claims) return inactive;
  if (claims.machine) {
    const client = await findClient(rc.db, claims.clientId);
    if (!client?.grantTypes.includes('client_credentials') || client.applicationId !== claims.applicationId) return inactive;
    if (issuedBeforeSecretChanged(claims.iat, client.secretChangedAt)) return inactive;
  } else {
    const user = await rc.directory.byId(claims.sub);
    if (!user?.actived) return inactive;
  }
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
    ...(claims.machine && claims.applicationId && asking.applicationId
      ? { authorized_apis: await authorizedApis(rc, claims.applicationId, asking.applicationId) }
      : {}),
  };
}

/**
 * Whether a token was issued before its client's secret changed. `iat` counts whole seconds, so a
 * token of the very second of the change stays active: it may be the new secret's first.
 */
const issuedBeforeSecretChanged = (iat: number, secretChangedAt: Date | null) =>
  secretChangedAt !== null && iat < Math.floor(secretChangedAt.getTime() / 1000);

const authorizedApis = async (rc: Pick<ReceptionCenter, 'permission'>, callerApplicationId: string, ownerApplicationId: string) =>
  (await rc.permission.callableApis(callerApplicationId, ownerApplicationId)).map(({ expiresAt, ...api }) => ({
    ...api,
    expires_at: expiresAt,
  }));

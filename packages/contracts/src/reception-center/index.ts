/** Endpoint declarations of this area (see endpoint.ts at the package root); each file's groups are exported here. */
import { endpointsIn, type Endpoint } from '../endpoint.ts';
import { consentEndpoints } from './consent.ts';
import { externalSignInEndpoints } from './external-sign-in.ts';
import { memberEndpoints } from './member.ts';
import { discoveryEndpoints, oauthEndpoints } from './oauth.ts';
import { qrSignInEndpoints } from './qr-sign-in.ts';
import { signInEndpoints } from './sign-in.ts';

export * from './prefix.ts';
export * from './oauth-schemas.ts';
export * from './oauth.ts';
export * from './sign-in.ts';
export * from './qr-sign-in.ts';
export * from './member.ts';
export * from './external-sign-in.ts';
export * from './third-login-query.ts';
export * from './consent.ts';

export const RECEPTION_CENTER_ENDPOINTS: Endpoint[] = endpointsIn({
  oauthEndpoints,
  discoveryEndpoints,
  signInEndpoints,
  qrSignInEndpoints,
  memberEndpoints,
  externalSignInEndpoints,
  consentEndpoints,
});

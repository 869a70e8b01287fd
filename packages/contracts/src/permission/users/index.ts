import { endpointsIn, type Endpoint } from '../../endpoint.ts';
import { applicationUserEndpoints } from './application-users.ts';
import { userExcelEndpoints } from './excel.ts';
import { mfaEndpoints } from './mfa.ts';
import { openCheckEndpoints } from './open-checks.ts';
import { ownGrantEndpoints } from './own-grants.ts';
import { passwordLostEndpoints } from './password-lost.ts';
import { ownProfileEndpoints } from './profile.ts';
import { userEndpoints } from './records.ts';
import { registrationEndpoints } from './registration.ts';
import { ownSessionEndpoints } from './sessions.ts';
import { userStateEndpoints } from './state.ts';
import { thirdBindingEndpoints } from './third.ts';
import { totpEndpoints } from './totp.ts';

/** Endpoint declarations of this area (see endpoint.ts at the package root); each file's groups are exported here. */
export * from './application-users.ts';
export * from './excel.ts';
export * from './mfa.ts';
export * from './open-checks.ts';
export * from './own-grants.ts';
export * from './password-lost.ts';
export * from './profile.ts';
export * from './records.ts';
export * from './registration.ts';
export * from './sessions.ts';
export * from './state.ts';
export * from './third.ts';
export * from './totp.ts';

/** Every endpoint of user administration and self-service. */
export const USER_ENDPOINTS: Endpoint[] = endpointsIn({
  userEndpoints,
  userStateEndpoints,
  userExcelEndpoints,
  applicationUserEndpoints,
  ownGrantEndpoints,
  ownProfileEndpoints,
  mfaEndpoints,
  ownSessionEndpoints,
  totpEndpoints,
  registrationEndpoints,
  openCheckEndpoints,
  passwordLostEndpoints,
  thirdBindingEndpoints,
});

import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { UserDirectory } from '../permission/users/directory.ts';
import type { Grants } from './oauth/grants.ts';
import type { Sessions } from './sessions/service.ts';
import type { SigningKey } from './tokens/signing-key.ts';
import type { RefreshTokenCodec } from './tokens/refresh-tokens.ts';
import type { PasswordCheck } from './sign-in/service.ts';
import type { Captchas } from './sign-in/captcha.ts';
import type { FailureCounter } from './sign-in/failures.ts';
import type { DeviceCookies } from './sign-in/device-cookie.ts';
import type { SignInTickets } from './sign-in/tickets.ts';
import type { Authenticators } from '../permission/users/self-service/totp/authenticators.ts';

/** What the reception-center routes are given: its services, built once at start-up. */
export interface ReceptionCenter {
  config: Config;
  db: Db;
  issuer: string;
  key: SigningKey;
  directory: UserDirectory;
  sessions: Sessions;
  refreshTokens: RefreshTokenCodec;
  grants: Grants;
  checkPassword: PasswordCheck;
  captchas: Captchas;
  failures: FailureCounter;
  /** Device cookies of browsers that have signed in (OWASP's lockout exception for the owner). */
  devices: DeviceCookies;
  /** Users' TOTP second factor (enrolled through the permission service's /users/self/totp). */
  totp: Authenticators;
  /** Password sign-ins waiting for their authentication code. */
  tickets: SignInTickets;
}

export const PREFIX = '/api/reception-center';

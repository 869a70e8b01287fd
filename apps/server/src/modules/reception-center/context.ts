import { RECEPTION_CENTER_PREFIX } from '@portal/contracts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Outbound } from '../../platform/outbound/guard.ts';
import type { PermissionApi, UserDirectory } from '../permission/index.ts';
import type { MessageEngineApi } from '../message-engine/index.ts';
import type { SystemConfigApi } from '../system-config/index.ts';
import type { AccessTokens } from './tokens/access-tokens.ts';
import type { Grants } from './oauth/grants.ts';
import type { ClientRegistry } from './oauth/clients.ts';
import type { Sessions } from './sessions/service.ts';
import type { SigningKey } from './tokens/signing-key.ts';
import type { RefreshTokenCodec } from './tokens/refresh-tokens.ts';
import type { PasswordCheck } from './sign-in/service.ts';
import type { Captchas } from './sign-in/captcha.ts';
import type { FailureCounter } from './sign-in/failures.ts';
import type { DeviceCookies } from './sign-in/device-cookie.ts';
import type { SignInTickets } from './sign-in/tickets.ts';
import type { SmsCodes } from './sign-in/sms-codes.ts';

/** What the reception-center routes are given: its services, built once at start-up. */
export interface ReceptionCenter {
  config: Config;
  db: Db;
  issuer: string;
  /** Where requests to identity providers go (platform/outbound). */
  outbound: Outbound;
  key: SigningKey;
  /** Identity: users, their passwords' rules, TOTP (permission's api). */
  permission: PermissionApi;
  /** The OAuth clients: the one lookup every endpoint and token check goes through (a disabled application's are not found). */
  clients: ClientRegistry;
  /** Settings (read at request time: system-config is created after this module). */
  systemConfig(): SystemConfigApi;
  /** The message centre, which sends the SMS sign-in codes (read at request time: created after this module). */
  messageEngine(): MessageEngineApi;
  directory: UserDirectory;
  accessTokens: AccessTokens;
  sessions: Sessions;
  refreshTokens: RefreshTokenCodec;
  grants: Grants;
  checkPassword: PasswordCheck;
  captchas: Captchas;
  failures: FailureCounter;
  /** Device cookies of browsers that have signed in (OWASP's lockout exception for the owner). */
  devices: DeviceCookies;
  /** Users' TOTP second factor (enrolled through the permission service's /users/self/totp). */
  totp: PermissionApi['totp'];
  /** Password sign-ins waiting for their authentication code. */
  tickets: SignInTickets;
  /** Sign-in codes sent by SMS, kept as hashes. */
  smsCodes: SmsCodes;
}

/** The module's prefix, declared with its endpoints in the contracts. */
export const PREFIX = RECEPTION_CENTER_PREFIX;

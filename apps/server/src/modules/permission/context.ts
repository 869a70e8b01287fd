import type { Db } from '../../platform/db/client.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { SystemConfigApi } from '../system-config/index.ts';
import type { PermissionDecider } from './access/decider.ts';
import type { OrgTreeCache } from './organizations/tree-cache.ts';
import type { SignInPorts } from './ports.ts';
import type { UserDirectory } from './users/directory.ts';
import type { Authenticators } from './users/self-service/totp/authenticators.ts';
import type { PasswordPolicyService } from './users/passwords/policy.ts';

/** What the permission routes are given. */
export interface PermissionService {
  db: Db;
  decider: PermissionDecider;
  directory: UserDirectory;
  orgTree: OrgTreeCache;
  /** Users' authenticator apps (TOTP second factor). */
  totp: Authenticators;
  /** The safe settings' password policy: every path that sets a password passes it. */
  passwords: PasswordPolicyService;
  /** Unset when no SMTP server is configured: mail-only features answer NOT_CONFIGURED. */
  mailer?: Mailer | undefined;
  /** reception-center's api (created after permission: read it at request time, not at creation). */
  readonly signIn: SignInPorts;
  /** system-config's api (created after permission: read it at request time). */
  readonly settings: SystemConfigApi;
}

import type { Db } from '../../platform/db/client.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { PermissionDecider } from './access/decider.ts';
import type { OrgTreeCache } from './organizations/tree-cache.ts';
import type { UserDirectory } from './users/directory.ts';

/** What the permission routes are given. */
export interface PermissionService {
  db: Db;
  decider: PermissionDecider;
  directory: UserDirectory;
  orgTree: OrgTreeCache;
  /** Tells every instance the application registry changed (the MicroWeb origins the CSP admits follow it). */
  applicationsChanged(): Promise<void>;
  /** Unset when no SMTP server is configured: mail-only features answer NOT_CONFIGURED. */
  mailer?: Mailer | undefined;
}

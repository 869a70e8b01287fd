import { endpointsIn, type Endpoint } from '../../endpoint.ts';
import { relationEndpoints } from '../relations.ts';
import { applicationAuthorizationEndpoints } from './application-authorizations.ts';
import { applicationClientEndpoints } from './application-clients.ts';
import { apiAuthorizationEndpoints, externalApiEndpoints } from './application-apis.ts';
import { applicationDomEndpoints } from './application-dom.ts';
import { apiCatalogueEndpoints, pageModelEndpoints } from './api-catalogue.ts';
import { applicationEndpoints } from './applications.ts';
import { applicationSelfEndpoints, applicationTokenEndpoints } from './applications-self.ts';
import { menuEndpoints } from './menus.ts';
import { organizationMemberEndpoints } from './organization-members.ts';
import { organizationEndpoints } from './organizations.ts';
import { auditLogEndpoints, overviewEndpoints } from './overview.ts';
import { roleEndpoints } from './roles.ts';

export * from './application-authorizations.ts';
export * from './application-clients.ts';
export * from './application-apis.ts';
export * from './application-dom.ts';
export * from './api-catalogue.ts';
export * from './applications.ts';
export * from './applications-self.ts';
export * from './menus.ts';
export * from './organization-members.ts';
export * from './organizations.ts';
export * from './overview.ts';
export * from './roles.ts';

/** Every endpoint of the permission console besides users, groups and positions (relations included). */
export const PERMISSION_ADMIN_ENDPOINTS: Endpoint[] = endpointsIn({
  organizationEndpoints,
  organizationMemberEndpoints,
  roleEndpoints,
  ...relationEndpoints,
  menuEndpoints,
  applicationEndpoints,
  applicationClientEndpoints,
  applicationAuthorizationEndpoints,
  applicationDomEndpoints,
  applicationSelfEndpoints,
  applicationTokenEndpoints,
  externalApiEndpoints,
  apiAuthorizationEndpoints,
  auditLogEndpoints,
  overviewEndpoints,
  apiCatalogueEndpoints,
  pageModelEndpoints,
});

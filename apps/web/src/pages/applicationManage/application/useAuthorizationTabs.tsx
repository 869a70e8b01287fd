import type { Application } from '@portal/contracts';
import type { ApplicationTab } from './applicationTabs.tsx';
import { ApplicationInterfaces } from './interfaces/ApplicationInterfaces.tsx';
import { useInterfacesT } from './interfaces/messages.ts';
import { useApplicationRights } from './useApplicationRights.ts';
import { ApplicationUserPermission } from './user-permission/ApplicationUserPermission.tsx';
import { useAuthorizationsT } from './user-permission/messages.ts';

/**
 * The user permission and authorised interfaces tabs of an application's detail, in the console
 * and in the owner's personal centre; one the user may not use is left out.
 */
export function useAuthorizationTabs(application: Application): ApplicationTab[] {
  const usersT = useAuthorizationsT();
  const interfacesT = useInterfacesT();
  const rights = useApplicationRights(application);
  return [
    ...(rights.authorize || rights.users
      ? [{ key: 'users', label: usersT('tab'), children: <ApplicationUserPermission application={application} /> }]
      : []),
    ...(rights.apisRead
      ? [{ key: 'interfaces', label: interfacesT('tab'), children: <ApplicationInterfaces application={application} /> }]
      : []),
  ];
}

import type { Application } from '@portal/contracts';
import type { TabsProps } from 'antd';
import { ApplicationInterfaces } from './interfaces/ApplicationInterfaces.tsx';
import { useInterfacesT } from './interfaces/messages.ts';
import { ApplicationUserPermission } from './user-permission/ApplicationUserPermission.tsx';
import { useAuthorizationsT } from './user-permission/messages.ts';

/**
 * The application detail's user permission and authorised interfaces tabs, for the console's
 * detail and the owner's in the personal centre: `items={[...own, ...authorizationTabs(app)]}`.
 */
export function useAuthorizationTabs(): (application: Application) => NonNullable<TabsProps['items']> {
  const usersT = useAuthorizationsT();
  const interfacesT = useInterfacesT();
  return (application) => [
    { key: 'users', label: usersT('tab'), children: <ApplicationUserPermission application={application} /> },
    { key: 'interfaces', label: interfacesT('tab'), children: <ApplicationInterfaces application={application} /> },
  ];
}

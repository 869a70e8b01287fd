import type { Application } from '@portal/contracts';
import type { ReactNode } from 'react';
import { POINTS } from '../../../access/points.ts';
import { useCan } from '../../../access/useCan.ts';
import { UrlTabs } from '../../../components/admin/UrlTabs.tsx';
import { ApplicationClients } from './ApplicationClients.tsx';
import { useAppT } from './messages.ts';
import { ApplicationResources } from './resources/ApplicationResources.tsx';
import { useApplicationRights } from './useApplicationRights.ts';
import { useAuthorizationTabs } from './useAuthorizationTabs.tsx';

/** One tab of an application's detail: its key is what `?tab=` holds. */
export interface ApplicationTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

const isTab = (tab: ApplicationTab | false): tab is ApplicationTab => tab !== false;

/** The console detail's tabs, in order; one the user may not use is left out. A tab is one entry here. */
function useConsoleTabs(application: Application): ApplicationTab[] {
  const t = useAppT();
  const { owner } = useApplicationRights(application);
  const resources = { view: useCan(POINTS.application.domQuery) || owner, edit: useCan(POINTS.application.domEdit) || owner };
  const tabs: (ApplicationTab | false)[] = [
    resources.view && {
      key: 'resources',
      label: t('tabs.resources'),
      children: <ApplicationResources application={application} canEdit={resources.edit} />,
    },
    ...useAuthorizationTabs(application),
    { key: 'clients', label: t('tabs.clients'), children: <ApplicationClients application={application} /> },
  ];
  return tabs.filter(isTab);
}

/** The tabs of an owned application in the personal centre: what its owner manages on it (no console point needed). */
function useOwnerTabs(application: Application): ApplicationTab[] {
  const t = useAppT();
  return [
    { key: 'resources', label: t('tabs.resources'), children: <ApplicationResources application={application} canEdit /> },
    ...useAuthorizationTabs(application),
  ];
}

/** The tabs below an application's profile; the chosen one is kept in the address. */
function ApplicationTabs({ tabs }: { tabs: ApplicationTab[] }) {
  const t = useAppT();
  return <UrlTabs items={tabs} label={t('tabs.label')} />;
}

/** The console detail's tabs (applicationManage/application). */
export const ConsoleApplicationTabs = ({ application }: { application: Application }) => (
  <ApplicationTabs tabs={useConsoleTabs(application)} />
);

/** The personal centre's tabs of an owned application (personalCenter/selfApplication). */
export const OwnerApplicationTabs = ({ application }: { application: Application }) => <ApplicationTabs tabs={useOwnerTabs(application)} />;

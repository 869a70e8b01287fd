import type { Application } from '@portal/contracts';
import { Alert, Flex } from 'antd';
import { useApplicationRights } from '../useApplicationRights.ts';
import { ApiAuthorizations } from './ApiAuthorizations.tsx';
import { useExternalApis } from './api.ts';
import { ExternalApis } from './ExternalApis.tsx';
import { useInterfacesT } from './messages.ts';
import { ReceivedApis } from './ReceivedApis.tsx';

/**
 * The detail's other-application authorised interfaces tab: the APIs this application exposes, the
 * other applications authorised to call them (until when), and the APIs of others it may call.
 */
export function ApplicationInterfaces({ application }: { application: Application }) {
  const t = useInterfacesT();
  const rights = useApplicationRights(application);
  const apis = useExternalApis(application.id);
  if (!rights.apisRead) return <Alert type="info" showIcon title={t('notAllowed')} />;
  return (
    <Flex vertical gap={16}>
      <ExternalApis application={application} canManage={rights.apisManage} />
      <ApiAuthorizations
        application={application}
        apis={apis.data ?? []}
        canManage={rights.apisAuthorize}
        everyApplication={rights.listApplications}
      />
      <ReceivedApis application={application} everyApplication={rights.listApplications} />
    </Flex>
  );
}

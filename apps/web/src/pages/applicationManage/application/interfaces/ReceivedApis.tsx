import type { Application, ApiAuthorization } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { applicationNames, fetchReceived, interfacesKey } from './api.ts';
import { useAuthorizationColumns } from './authorizationColumns.tsx';
import { useInterfacesT } from './messages.ts';
import { QueryTable } from './QueryTable.tsx';

/** The APIs of other applications this application is authorised to call (read-only). */
export function ReceivedApis({ application, everyApplication }: { application: Application; everyApplication: boolean }) {
  const t = useInterfacesT();
  const key = interfacesKey(application.id);
  const received = useQuery({ queryKey: [...key, 'received'], queryFn: () => fetchReceived(application.id) });
  const ownerIds = (received.data ?? []).map((row) => row.applicationId);
  const names = useQuery({
    queryKey: [...key, 'received', 'names', everyApplication, ownerIds],
    queryFn: () => applicationNames(everyApplication, ownerIds),
    enabled: ownerIds.length > 0,
  });
  const columns = useAuthorizationColumns({
    title: t('received.owner'),
    name: (row: ApiAuthorization) => names.data?.get(row.applicationId) ?? row.applicationId,
  });
  return (
    <Card title={t('received.title')}>
      <QueryTable<ApiAuthorization> label={t('received.table')} query={received} columns={columns} emptyText={t('received.empty')} />
    </Card>
  );
}

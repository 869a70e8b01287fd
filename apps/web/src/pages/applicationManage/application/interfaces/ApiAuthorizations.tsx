import type { ApiAuthorization, Application, ExternalApi } from '@portal/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Tooltip } from 'antd';
import { useState } from 'react';
import { actionsColumn } from '../actionsColumn.tsx';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { fetchGranted, interfacesKey, revokeGrant } from './api.ts';
import { useAuthorizationColumns } from './authorizationColumns.tsx';
import { ExpiryModal } from './ExpiryModal.tsx';
import { GrantModal } from './GrantModal.tsx';
import { useInterfacesT } from './messages.ts';
import { QueryTable } from './QueryTable.tsx';

interface ApiAuthorizationsProps {
  application: Application;
  apis: readonly ExternalApi[];
  canManage: boolean;
  everyApplication: boolean;
}

/** Which other applications may call which of this application's APIs, until when: grant, change the end, revoke. */
export function ApiAuthorizations({ application, apis, canManage, everyApplication }: ApiAuthorizationsProps) {
  const t = useInterfacesT();
  const key = interfacesKey(application.id);
  const granted = useQuery({ queryKey: [...key, 'granted'], queryFn: () => fetchGranted(application.id) });
  const [granting, setGranting] = useState(false);
  const [changing, setChanging] = useState<ApiAuthorization | null>(null);
  const revoke = useInvalidatingMutation((row: ApiAuthorization) => revokeGrant(application.id, row.id), {
    invalidate: [key],
    success: t('granted.revoked'),
  });
  const shared = useAuthorizationColumns({ title: t('granted.caller'), name: (row) => row.callerApplicationName });
  const named = (row: ApiAuthorization) => ({ caller: row.callerApplicationName, method: row.method, path: row.path });
  const columns = [
    ...shared,
    ...actionsColumn<ApiAuthorization>(
      canManage,
      t('actions'),
      (row) => (
        <>
          <Button type="link" size="small" onClick={() => setChanging(row)}>
            {t('granted.changeExpiry')}
          </Button>
          <ConfirmAction danger title={t('granted.confirmRevoke', named(row))} onConfirm={() => revoke.mutateAsync(row)}>
            {t('granted.revoke')}
          </ConfirmAction>
        </>
      ),
      200,
    ),
  ];
  const grantButton = (
    <Button type="primary" icon={<PlusOutlined />} disabled={apis.length === 0} onClick={() => setGranting(true)}>
      {t('granted.grant')}
    </Button>
  );
  return (
    <Card
      title={t('granted.title')}
      extra={canManage && (apis.length === 0 ? <Tooltip title={t('granted.noApis')}>{grantButton}</Tooltip> : grantButton)}
    >
      <QueryTable<ApiAuthorization> label={t('granted.table')} query={granted} columns={columns} emptyText={t('granted.empty')} />
      <GrantModal
        application={application}
        apis={apis}
        everyApplication={everyApplication}
        open={granting}
        onClose={() => setGranting(false)}
      />
      <ExpiryModal applicationId={application.id} editing={changing} onClose={() => setChanging(null)} />
    </Card>
  );
}

import {
  APPLICATION_STATES,
  APPLICATION_TYPES,
  type Application,
  type ApplicationState,
  type ApplicationType,
  type MenuNode,
} from '@portal/contracts';
import { Card, Select } from 'antd';
import { useState } from 'react';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { CreateButton } from '../../../components/admin/CreateButton.tsx';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { APPLICATION_KEY, fetchApplications } from './api.ts';
import { ApplicationFormModal } from './ApplicationFormModal.tsx';
import { OwnerModal } from './OwnerModal.tsx';
import { useAppT } from './messages.ts';
import { POINTS } from '../../../access/points.ts';
import { useApplicationColumns } from './useApplicationColumns.tsx';

/** The registry, paged on the server, searched by instant or name and filtered by type and state. */
export function ApplicationList({ node }: { node: MenuNode }) {
  const t = useAppT();
  const [editing, setEditing] = useState<Application | 'new' | null>(null);
  const [handingOver, setHandingOver] = useState<Application | null>(null);
  const [type, setType] = useState<ApplicationType | undefined>(undefined);
  const [state, setState] = useState<ApplicationState | undefined>(undefined);
  const columns = useApplicationColumns(node, { onEdit: setEditing, onChangeOwner: setHandingOver });
  return (
    <AdminPage
      title={node.title || t('title')}
      extra={
        <CreateButton point={POINTS.application.create} onClick={() => setEditing('new')}>
          {t('create')}
        </CreateButton>
      }
    >
      <Card size="small">
        <ServerTable<Application>
          label={node.title || t('title')}
          queryKey={APPLICATION_KEY}
          fetchPage={fetchApplications}
          filters={{ type, state }}
          columns={columns}
          searchPlaceholder={t('search')}
          emptyText={t('empty')}
          toolbar={
            <>
              <Select<ApplicationType>
                aria-label={t('type')}
                placeholder={t('allTypes')}
                allowClear
                value={type}
                onChange={setType}
                style={{ width: 180 }}
                options={APPLICATION_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
              />
              <Select<ApplicationState>
                aria-label={t('state')}
                placeholder={t('allStates')}
                allowClear
                value={state}
                onChange={setState}
                style={{ width: 140 }}
                options={APPLICATION_STATES.map((value) => ({ value, label: t(`states.${value}`) }))}
              />
            </>
          }
        />
      </Card>
      <ApplicationFormModal editing={editing} onClose={() => setEditing(null)} />
      <OwnerModal application={handingOver} onClose={() => setHandingOver(null)} />
    </AdminPage>
  );
}

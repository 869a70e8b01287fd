import { SyncOutlined } from '@ant-design/icons';
import type { Application, MenuNode } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, type FormRule } from 'antd';
import { useMemo, useState } from 'react';
import type { MenuNodeStore } from '../../../systemManage/navManage/menuManage/api.ts';
import { MenuTreeEditor } from '../../../systemManage/navManage/menuManage/MenuTreeEditor.tsx';
import { domApi, domTreeKey } from './api.ts';
import { resourceUnder } from './domValues.ts';
import { ImportResources } from './ImportResources.tsx';
import { useResourcesT } from './messages.ts';
import { SyncModal } from './SyncModal.tsx';

export type ResourcesApplication = Pick<Application, 'id' | 'name' | 'instant' | 'type' | 'appUrl'>;

/**
 * The application's resources (its pages and permission points below its root), for its owner and
 * for holders of the resources points: the menu editor on its own tree, with import and synchronisation.
 */
export function ApplicationResources({ application, canEdit }: { application: ResourcesApplication; canEdit: boolean }) {
  const t = useResourcesT();
  const [syncing, setSyncing] = useState(false);
  const api = useMemo(() => domApi(application.id), [application.id]);
  const treeKey = domTreeKey(application.id);
  const tree = useQuery({ queryKey: treeKey, queryFn: api.tree });
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const store: MenuNodeStore = { ...api, treeKey };
  // Beyond the pattern and the siblings' names (checked first): whether the server has the resource already.
  const nameRules = (parentId: string | null, edited: MenuNode | undefined): FormRule[] => [
    {
      validator: async (_, value: string | undefined) => {
        const name = value?.trim();
        if (!name || name === edited?.name) return;
        const resource = resourceUnder(application.instant, nodes, parentId, name);
        // A check that fails (the network) blocks nothing: the save answers 409 for a taken name.
        if (await api.isTaken(resource).catch(() => false)) throw new Error(t('nameTaken', { resource }));
      },
    },
  ];

  if (tree.isError) return <Alert type="error" showIcon title={t('loadFailed')} />;
  return (
    <>
      <MenuTreeEditor
        label={t('tree')}
        nodes={nodes}
        loading={tree.isPending}
        store={store}
        can={{ create: canEdit, update: canEdit, delete: canEdit }}
        emptyText={canEdit ? t('empty') : t('emptyReadOnly')}
        nameRules={nameRules}
        extra={
          canEdit && (
            <>
              <ImportResources applicationId={application.id} api={api} />
              <Button icon={<SyncOutlined />} onClick={() => setSyncing(true)}>
                {t('sync')}
              </Button>
            </>
          )
        }
      />
      {canEdit && <SyncModal application={application} api={api} open={syncing} onClose={() => setSyncing(false)} />}
    </>
  );
}

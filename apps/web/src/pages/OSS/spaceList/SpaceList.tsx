import type { Bucket, MenuNode } from '@portal/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { POINTS } from '../../../access/points.ts';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { ConfirmAction } from '../../../components/admin/ConfirmAction.tsx';
import { CreateButton } from '../../../components/admin/CreateButton.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { LinkButton } from '../../../components/admin/LinkButton.tsx';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { spaceApi, spaceKeys, spacePath } from './api.ts';
import { formatBytes } from './files/objectKeys.ts';
import { useSpaceT } from './messages.ts';
import { SpaceFormModal } from './SpaceFormModal.tsx';
import { spacesPage } from './spaces.ts';

const limitText = (bytes: number | null, objects: number | null, none: string) =>
  bytes === null && objects === null
    ? none
    : [bytes === null ? null : formatBytes(bytes), objects === null ? null : `${objects}`].filter(Boolean).join(' / ');

/** OSS:spaceList: the spaces the user may read, searched and paged; a new one; an empty one deleted by an administrator of it. */
export function SpaceList({ node }: { node: MenuNode }) {
  const t = useSpaceT();
  const { t: kit } = useTranslation();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const remove = useInvalidatingMutation((bucketId: string) => spaceApi.remove(bucketId), {
    invalidate: [spaceKeys.all],
    success: kit('adminKit.deleted'),
  });

  const columns: ColumnsType<Bucket> = [
    {
      key: 'name',
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, space) => <LinkButton to={spacePath(node, space.id)}>{name}</LinkButton>,
    },
    { key: 'policy', title: t('policy'), dataIndex: 'policy', render: (policy: Bucket['policy']) => <Tag>{t(`policies.${policy}`)}</Tag> },
    { key: 'level', title: t('yourLevel'), dataIndex: 'level', render: (level: Bucket['level']) => t(`levels.${level}`) },
    { key: 'owner', title: t('owner'), dataIndex: 'ownerName', render: (owner: string | null) => owner ?? '—' },
    { key: 'quota', title: t('quota'), render: (_: unknown, space) => limitText(space.quotaBytes, space.quotaObjects, t('noLimit')) },
    { key: 'createdAt', title: kit('adminKit.createdAt'), dataIndex: 'createdAt', render: formatTime },
    {
      key: 'actions',
      title: kit('adminKit.actions'),
      render: (_: unknown, space) =>
        space.level === 'admin' && (
          <ConfirmAction
            danger
            title={t('confirmDelete', { name: space.name })}
            description={t('deleteHint')}
            onConfirm={() => remove.mutateAsync(space.id)}
            buttonProps={{ 'aria-label': t('deleteNamed', { name: space.name }) }}
          >
            {kit('adminKit.delete')}
          </ConfirmAction>
        ),
    },
  ];

  return (
    <AdminPage
      title={node.title || t('title')}
      extra={
        <CreateButton point={POINTS.space.create} onClick={() => setCreating(true)}>
          {t('create')}
        </CreateButton>
      }
    >
      <ServerTable<Bucket>
        label={t('title')}
        queryKey={spaceKeys.list}
        fetchPage={async (query) => spacesPage(await spaceApi.list(), query)}
        columns={columns}
        searchPlaceholder={t('search')}
        emptyText={t('empty')}
      />
      <SpaceFormModal open={creating} onClose={() => setCreating(false)} onCreated={(space) => void navigate(spacePath(node, space.id))} />
    </AdminPage>
  );
}

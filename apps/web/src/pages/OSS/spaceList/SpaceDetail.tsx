import type { BucketDetails, MenuNode } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Result, Skeleton, Tabs, Tag } from 'antd';
import { isAxiosError } from 'axios';
import { useNavigate, useSearchParams } from 'react-router';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { pagePath } from '../../../components/admin/pagePaths.ts';
import { spaceApi, spaceKeys } from './api.ts';
import { DataOverviewTab } from './DataOverviewTab.tsx';
import { FileBrowser } from './files/FileBrowser.tsx';
import { useSpaceT } from './messages.ts';
import { PermissionTab } from './permissions/PermissionTab.tsx';
import { ProcessingTab } from './processing/ProcessingTab.tsx';
import { SettingsTab } from './settings/SettingsTab.tsx';

/** The tabs a user sees: the administration ones only with the admin level on the space (the server refuses them otherwise); image processing at any level, changed only by an admin. */
function tabsFor(space: BucketDetails, t: ReturnType<typeof useSpaceT>, onDeleted: () => void) {
  const admin = space.level === 'admin';
  return [
    { key: 'overview', label: t('tabs.overview'), children: <DataOverviewTab space={space} /> },
    { key: 'files', label: t('tabs.files'), children: <FileBrowser space={space} /> },
    ...(admin
      ? [
          { key: 'settings', label: t('tabs.settings'), children: <SettingsTab space={space} onDeleted={onDeleted} /> },
          { key: 'permissions', label: t('tabs.permissions'), children: <PermissionTab space={space} /> },
        ]
      : []),
    { key: 'processing', label: t('tabs.processing'), children: <ProcessingTab space={space} /> },
  ];
}

/** One space (OSS:spaceList detail view): its figures, files, settings and who may use it; the tab is kept in the address. */
export function SpaceDetail({ node, bucketId }: { node: MenuNode; bucketId: string }) {
  const t = useSpaceT();
  const back = pagePath(node);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const space = useQuery({ queryKey: spaceKeys.one(bucketId), queryFn: () => spaceApi.get(bucketId) });

  if (space.isPending) return <Skeleton active />;
  if (space.isError) {
    const status = isAxiosError(space.error) ? space.error.response?.status : undefined;
    return (
      <AdminPage title={node.title || t('title')} backTo={back}>
        <Result
          status={status === 404 ? '404' : status === 403 ? '403' : 'error'}
          title={status === 404 ? t('notFound') : status === 403 ? t('forbidden') : t('loadFailed')}
        />
      </AdminPage>
    );
  }
  const tabs = tabsFor(space.data, t, () => void navigate(back));
  const active = tabs.some((tab) => tab.key === params.get('tab')) ? (params.get('tab') as string) : 'overview';
  return (
    <AdminPage
      title={
        <>
          {space.data.name} <Tag>{t(`levels.${space.data.level}`)}</Tag>
        </>
      }
      backTo={back}
    >
      <Tabs
        activeKey={active}
        destroyOnHidden
        items={tabs}
        onChange={(key) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', key);
              next.delete('prefix');
              return next;
            },
            { replace: true },
          )
        }
      />
    </AdminPage>
  );
}

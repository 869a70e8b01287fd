import { pageModelEndpoints, type MenuNode, type PageModel } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { POINTS } from '../../../access/points.ts';
import { useCan } from '../../../access/useCan.ts';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { ConfirmAction } from '../../../components/admin/ConfirmAction.tsx';
import { CreateButton } from '../../../components/admin/CreateButton.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { detailPath } from '../../../components/admin/pagePaths.ts';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { useCallMutation } from '../../../components/admin/useCrudMutations.ts';
import { PAGE_MODELS_KEY, fetchApplicationChoices, fetchPageModels } from './api.ts';
import { usePageModelT } from './messages.ts';
import { PageModelForm } from './PageModelForm.tsx';

/** The confirmed delete of a page model with its versions, for holders of the delete point. */
export function DeletePageModel({ model, onDeleted }: { model: Pick<PageModel, 'id' | 'name'>; onDeleted?: () => void }) {
  const t = usePageModelT();
  const { t: common } = useTranslation();
  const remove = useCallMutation(pageModelEndpoints.remove, { invalidate: [PAGE_MODELS_KEY] });
  if (!useCan(POINTS.pageModel.delete)) return null;
  return (
    <ConfirmAction
      danger
      title={t('confirmDelete', { name: model.name })}
      description={t('deleteEffect')}
      onConfirm={async () => {
        await remove.mutateAsync({ params: { id: model.id } });
        onDeleted?.();
      }}
    >
      {common('adminKit.delete')}
    </ConfirmAction>
  );
}

/** Page models, paged on the server, searched by name and filtered by application. */
export function PageModelList({ node }: { node: MenuNode }) {
  const t = usePageModelT();
  const [creating, setCreating] = useState(false);
  const [applicationId, setApplicationId] = useState<string>();
  const applications = useQuery({ queryKey: [...PAGE_MODELS_KEY, 'applications'], queryFn: fetchApplicationChoices });
  const columns: ColumnsType<PageModel> = [
    {
      key: 'name',
      title: t('name'),
      dataIndex: 'name',
      sorter: true,
      render: (name: string, row) => <Link to={detailPath(node, row.id)}>{name}</Link>,
    },
    { key: 'applicationName', title: t('application'), dataIndex: 'applicationName' },
    { key: 'currentVersion', title: t('currentVersion'), dataIndex: 'currentVersion', sorter: true, width: 140 },
    { key: 'updatedAt', title: t('updatedAt'), dataIndex: 'updatedAt', sorter: true, render: formatTime, width: 200 },
    { key: 'actions', width: 80, render: (_value, row) => <DeletePageModel model={row} /> },
  ];
  return (
    <AdminPage
      title={node.title || t('title')}
      extra={
        <CreateButton point={POINTS.pageModel.create} onClick={() => setCreating(true)}>
          {t('create')}
        </CreateButton>
      }
    >
      <Card size="small">
        <ServerTable<PageModel>
          label={node.title || t('title')}
          queryKey={PAGE_MODELS_KEY}
          fetchPage={fetchPageModels}
          filters={{ applicationId }}
          columns={columns}
          searchPlaceholder={t('search')}
          emptyText={t('empty')}
          toolbar={
            <Select
              aria-label={t('application')}
              placeholder={t('allApplications')}
              allowClear
              showSearch
              optionFilterProp="label"
              value={applicationId}
              onChange={setApplicationId}
              style={{ width: 220 }}
              options={applications.data ?? []}
            />
          }
        />
      </Card>
      <PageModelForm editing={creating ? 'new' : null} onClose={() => setCreating(false)} />
    </AdminPage>
  );
}

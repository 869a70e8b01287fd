import type { MenuNode, PageModelDetail, PageModelVersionBrief } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Modal, Table } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { POINTS } from '../../../access/points.ts';
import { useCan } from '../../../access/useCan.ts';
import { DetailPage } from '../../../components/admin/DetailPage.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { pagePath } from '../../../components/admin/pagePaths.ts';
import { PAGE_MODELS_KEY, fetchPageModel, fetchPageModelVersion } from './api.ts';
import { definitionText } from './definition.ts';
import { usePageModelT } from './messages.ts';
import { DeletePageModel } from './PageModelList.tsx';
import { PageModelForm } from './PageModelForm.tsx';

const Definition = ({ definition }: { definition: Record<string, unknown> }) => (
  <pre style={{ margin: 0, maxHeight: 400, overflow: 'auto', fontSize: 12 }}>{definitionText(definition)}</pre>
);

/** An earlier version, read only: versions are never edited. */
function VersionModal({ model, version, onClose }: { model: PageModelDetail; version: number | null; onClose: () => void }) {
  const t = usePageModelT();
  const shown = useQuery({
    queryKey: [...PAGE_MODELS_KEY, 'version', model.id, version],
    queryFn: () => fetchPageModelVersion(model.id, version ?? 0),
    enabled: version !== null,
  });
  return (
    <Modal open={version !== null} title={t('versionTitle', { version, name: model.name })} onCancel={onClose} footer={null} width={720}>
      {shown.data && <Definition definition={shown.data.definition} />}
    </Modal>
  );
}

/** One page model: its current definition and its versions, newest first. */
export function PageModelDetailView({ node, modelId }: { node: MenuNode; modelId: string }) {
  const t = usePageModelT();
  const navigate = useNavigate();
  const canEdit = useCan(POINTS.pageModel.update);
  const [editing, setEditing] = useState<PageModelDetail | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const record = useQuery({ queryKey: [...PAGE_MODELS_KEY, 'detail', modelId], queryFn: () => fetchPageModel(modelId), retry: false });
  return (
    <DetailPage
      node={node}
      record={record}
      render={(model) => ({
        title: model.name,
        extra: <DeletePageModel model={model} onDeleted={() => void navigate(pagePath(node))} />,
        onEdit: canEdit ? () => setEditing(model) : undefined,
        profileTitle: t('profile'),
        profile: [
          { key: 'application', label: t('application'), children: model.applicationName },
          { key: 'version', label: t('currentVersion'), children: <span data-testid="current-version">{model.currentVersion}</span> },
          { key: 'updatedAt', label: t('updatedAt'), children: formatTime(model.updatedAt) },
          { key: 'description', label: t('description'), children: model.description ?? '—', span: 'filled' },
        ],
        sections: (
          <>
            <Card title={t('currentDefinition')}>
              <Definition definition={model.definition} />
            </Card>
            <Card title={t('versions')}>
              <Table<PageModelVersionBrief>
                size="small"
                rowKey="version"
                pagination={false}
                dataSource={model.versions}
                columns={[
                  { key: 'version', title: t('version'), dataIndex: 'version', width: 100 },
                  { key: 'createdAt', title: t('updatedAt'), dataIndex: 'createdAt', render: formatTime },
                  { key: 'createdBy', title: t('savedBy'), dataIndex: 'createdBy', render: (name: string | null) => name ?? '—' },
                  {
                    key: 'view',
                    width: 100,
                    render: (_value, row) => (
                      <Button size="small" onClick={() => setViewing(row.version)}>
                        {t('view')}
                      </Button>
                    ),
                  },
                ]}
              />
            </Card>
          </>
        ),
        modals: (
          <>
            <PageModelForm editing={editing} onClose={() => setEditing(null)} />
            <VersionModal model={model} version={viewing} onClose={() => setViewing(null)} />
          </>
        ),
      })}
    />
  );
}

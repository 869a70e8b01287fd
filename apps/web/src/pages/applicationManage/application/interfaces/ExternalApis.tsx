import type { Application, ExternalApi } from '@portal/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { actionsColumn } from '../actionsColumn.tsx';
import { MethodTag } from '../../api-management/MethodTag.tsx';
import { interfacesKey, removeExternalApi, useExternalApis } from './api.ts';
import { ExternalApiFormModal } from './ExternalApiFormModal.tsx';
import { useInterfacesT } from './messages.ts';
import { OpenApiImport, type ImportOutcome } from './OpenApiImport.tsx';
import { QueryTable } from './QueryTable.tsx';

/** The APIs this application exposes to other applications: listed, added, edited, removed, imported from OpenAPI. */
export function ExternalApis({ application, canManage }: { application: Application; canManage: boolean }) {
  const t = useInterfacesT();
  const key = interfacesKey(application.id);
  const apis = useExternalApis(application.id);
  const [editing, setEditing] = useState<ExternalApi | 'new' | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const remove = useInvalidatingMutation((api: ExternalApi) => removeExternalApi(application.id, api.id), {
    invalidate: [key],
    success: t('apis.removed'),
  });

  const columns: ColumnsType<ExternalApi> = [
    { title: t('method'), dataIndex: 'method', width: 100, render: (method: string) => <MethodTag method={method} /> },
    { title: t('path'), dataIndex: 'path', render: (path: string) => <code>{path}</code> },
    { title: t('summary'), dataIndex: 'summary', render: (summary: string | null) => summary ?? '—' },
    { title: t('tags'), dataIndex: 'tags', render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>) },
    ...actionsColumn<ExternalApi>(canManage, t('actions'), (api) => (
      <>
        <Button type="link" size="small" onClick={() => setEditing(api)}>
          {t('edit')}
        </Button>
        <ConfirmAction
          danger
          title={t('apis.confirmRemove', { method: api.method, path: api.path })}
          description={t('apis.removeEffect')}
          onConfirm={() => remove.mutateAsync(api)}
        >
          {t('remove')}
        </ConfirmAction>
      </>
    )),
  ];

  return (
    <Card
      title={t('apis.title')}
      extra={
        canManage && (
          <Flex gap={8}>
            <OpenApiImport applicationId={application.id} onOutcome={setOutcome} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('apis.add')}
            </Button>
          </Flex>
        )
      }
    >
      {outcome && (
        <Alert
          type={outcome.type}
          showIcon
          title={outcome.text}
          role={outcome.type === 'error' ? 'alert' : 'status'}
          closable={{ onClose: () => setOutcome(null) }}
          style={{ marginBottom: 12 }}
        />
      )}
      <QueryTable<ExternalApi> label={t('apis.table')} query={apis} columns={columns} emptyText={t('apis.empty')} />
      <ExternalApiFormModal applicationId={application.id} editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

import {
  AUTHORIZATION_SUBJECT_TYPES,
  type Application,
  type ApplicationAuthorization,
  type AuthorizationSubjectType,
} from '@portal/contracts';
import { Button, Flex, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { formatTime } from '../../../../components/admin/format.ts';
import { ServerTable } from '../../../../components/admin/ServerTable.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { actionsColumn } from '../actionsColumn.tsx';
import { authorizationsKey, fetchAuthorizations, removeAuthorization } from './api.ts';
import { useAuthorizationsT } from './messages.ts';
import { subjectLabel } from './subjectOptions.ts';

const TYPE_COLOURS: Record<AuthorizationSubjectType, string> = { user: 'blue', group: 'purple', org: 'green' };

interface AuthorizationTableProps {
  application: Application;
  /** Offers edit and remove on each row. */
  canManage: boolean;
  onEdit: (authorization: ApplicationAuthorization) => void;
}

/** Who is authorised for the application and for which of its nodes, filtered by kind and name. */
export function AuthorizationTable({ application, canManage, onEdit }: AuthorizationTableProps) {
  const t = useAuthorizationsT();
  const key = authorizationsKey(application.id);
  const [subjectType, setSubjectType] = useState<AuthorizationSubjectType | undefined>();
  const remove = useInvalidatingMutation((row: ApplicationAuthorization) => removeAuthorization(application.id, row), {
    invalidate: [key],
    success: t('removed'),
  });
  const nodeTag = (node: ApplicationAuthorization['nodes'][number]) => (
    <Tag key={node.id} title={node.resource} color={node.id === application.menuId ? 'gold' : undefined}>
      {node.id === application.menuId ? t('wholeApplication') : node.title}
    </Tag>
  );
  const columns: ColumnsType<ApplicationAuthorization> = [
    {
      title: t('kind'),
      key: 'subjectType',
      width: 130,
      render: (_, row) => <Tag color={TYPE_COLOURS[row.subjectType]}>{t(`types.${row.subjectType}`)}</Tag>,
    },
    { title: t('subject'), key: 'name', render: (_, row) => subjectLabel(row) },
    {
      title: t('nodes'),
      key: 'nodes',
      render: (_, row) => (
        <Flex wrap gap={4}>
          {row.nodes.map(nodeTag)}
        </Flex>
      ),
    },
    { title: t('updatedAt'), key: 'updatedAt', width: 180, render: (_, row) => formatTime(row.updatedAt) },
    ...actionsColumn<ApplicationAuthorization>(canManage, t('actions'), (row) => (
      <>
        <Button type="link" size="small" onClick={() => onEdit(row)}>
          {t('edit')}
        </Button>
        <ConfirmAction
          title={t('confirmRemove', { name: subjectLabel(row) })}
          description={t('removeEffect')}
          danger
          onConfirm={() => remove.mutateAsync(row)}
        >
          {t('remove')}
        </ConfirmAction>
      </>
    )),
  ];
  return (
    <ServerTable<ApplicationAuthorization>
      label={t('table')}
      queryKey={key}
      rowKey={(row) => `${row.subjectType}:${row.subjectId}`}
      fetchPage={(query) => fetchAuthorizations(application.id, query)}
      filters={{ subjectType }}
      columns={columns}
      searchPlaceholder={t('search')}
      emptyText={t('empty')}
      toolbar={
        <Select<AuthorizationSubjectType | 'all'>
          aria-label={t('kind')}
          style={{ width: 160 }}
          value={subjectType ?? 'all'}
          onChange={(value) => setSubjectType(value === 'all' ? undefined : value)}
          options={[
            { value: 'all', label: t('allTypes') },
            ...AUTHORIZATION_SUBJECT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
          ]}
        />
      }
    />
  );
}

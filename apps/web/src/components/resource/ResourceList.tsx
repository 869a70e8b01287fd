import type { PageOf } from '@portal/contracts';
import { Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callWith } from '../../api/call.ts';
import { AdminPage } from '../admin/AdminPage.tsx';
import { CreateButton } from '../admin/CreateButton.tsx';
import type { PageState } from '../admin/pageQuery.ts';
import { ServerTable } from '../admin/ServerTable.tsx';
import { queryInput } from './recordInput.ts';
import { ResourceForm } from './ResourceForm.tsx';
import type { ResourceEndpoints, ResourcePageProps, RowOf } from './types.ts';
import { useResourceColumns } from './useResourceColumns.tsx';
import '../admin/messages.ts';

/** The list view: paged, searched and sorted on the server, with the filter, create, edit and delete. */
export function ResourceList<E extends ResourceEndpoints, Filter>({ config }: { config: ResourcePageProps<E, Filter> }) {
  const { t } = useTranslation();
  const { node, texts, filter } = config;
  const [editing, setEditing] = useState<RowOf<E> | 'new' | null>(null);
  // Without a filter there is no value to keep; the cast only names that absence.
  const [filterValue, setFilterValue] = useState<Filter>(filter?.initial as Filter);
  const columns = useResourceColumns(config, setEditing);
  const fetchPage = (query: PageState & Record<string, unknown>) =>
    callWith(config.endpoints.list, queryInput(query)) as Promise<PageOf<RowOf<E>>>;

  return (
    <AdminPage
      title={node.title}
      extra={
        <Flex gap={8} wrap>
          {config.extra}
          <CreateButton point={config.points.create} onClick={() => setEditing('new')}>
            {t(`${texts}.create`)}
          </CreateButton>
        </Flex>
      }
    >
      <Card size="small">
        <ServerTable<RowOf<E>>
          label={node.title}
          queryKey={config.queryKey}
          fetchPage={fetchPage}
          filters={filter?.query(filterValue)}
          columns={columns}
          searchPlaceholder={t(`${texts}.search`)}
          emptyText={t(`${texts}.empty`)}
          toolbar={filter?.render(filterValue, setFilterValue)}
        />
      </Card>
      <ResourceForm<E> config={config} editing={editing} newValues={config.newValues?.(filterValue)} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}

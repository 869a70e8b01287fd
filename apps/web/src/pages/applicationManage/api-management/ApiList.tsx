import { API_METHODS, type ApiEntry, type MenuNode } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { Link } from 'react-router';
import { detailPath } from '../../../components/admin/pagePaths.ts';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { API_CATALOGUE_KEY, fetchApiFacets, fetchApis } from './api.ts';
import { MethodTag } from './MethodTag.tsx';
import { useApiT } from './messages.ts';

type Method = ApiEntry['method'];
const choices = (values: readonly string[] = []) => values.map((value) => ({ value, label: value }));

/** The catalogue, paged on the server, searched by text and filtered by module, tag and method. */
export function ApiList({ node }: { node: MenuNode }) {
  const t = useApiT();
  const [module, setModule] = useState<string>();
  const [tag, setTag] = useState<string>();
  const [method, setMethod] = useState<Method>();
  const facets = useQuery({ queryKey: [...API_CATALOGUE_KEY, 'facets'], queryFn: fetchApiFacets });
  const columns: ColumnsType<ApiEntry> = [
    { key: 'method', title: t('method'), dataIndex: 'method', width: 100, render: (value: string) => <MethodTag method={value} /> },
    {
      key: 'path',
      title: t('path'),
      dataIndex: 'path',
      render: (path: string, entry) => <Link to={detailPath(node, entry.id)}>{path}</Link>,
    },
    { key: 'summary', title: t('summary'), dataIndex: 'summary' },
    { key: 'module', title: t('module'), dataIndex: 'module', width: 150 },
    { key: 'tags', title: t('tags'), dataIndex: 'tags', render: (tags: string[]) => tags.map((name) => <Tag key={name}>{name}</Tag>) },
    { key: 'access', title: t('access'), dataIndex: 'access', width: 140, render: (access: ApiEntry['access']) => t(`accesses.${access}`) },
  ];
  return (
    <AdminPage title={node.title || t('title')}>
      <Card size="small">
        <ServerTable<ApiEntry>
          label={node.title || t('title')}
          queryKey={API_CATALOGUE_KEY}
          fetchPage={fetchApis}
          filters={{ module, tag, method }}
          columns={columns}
          searchPlaceholder={t('search')}
          emptyText={t('empty')}
          toolbar={
            <>
              <Select
                aria-label={t('module')}
                placeholder={t('allModules')}
                allowClear
                showSearch
                value={module}
                onChange={setModule}
                style={{ width: 180 }}
                options={choices(facets.data?.modules)}
              />
              <Select
                aria-label={t('tag')}
                placeholder={t('allTags')}
                allowClear
                showSearch
                value={tag}
                onChange={setTag}
                style={{ width: 200 }}
                options={choices(facets.data?.tags)}
              />
              <Select<Method>
                aria-label={t('method')}
                placeholder={t('allMethods')}
                allowClear
                value={method}
                onChange={setMethod}
                style={{ width: 140 }}
                options={choices(API_METHODS) as { value: Method; label: string }[]}
              />
            </>
          }
        />
      </Card>
    </AdminPage>
  );
}

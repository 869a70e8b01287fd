import { API_METHODS, API_SOURCES, type ApiEntry, type MenuNode } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { Link } from 'react-router';
import { detailPath } from '../../../components/admin/pagePaths.ts';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { API_CATALOGUE_KEY, fetchApiFacets, fetchApis } from './api.ts';
import { ApiSource } from './ApiSource.tsx';
import { choices, moduleChoices, type Choice } from './filters.ts';
import { MethodTag } from './MethodTag.tsx';
import { useApiT } from './messages.ts';

type Method = ApiEntry['method'];
type Source = ApiEntry['source'];

interface FilterSelectProps<V extends string> {
  label: string;
  placeholder: string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  width: number;
  /** Choices, or groups of them. */
  options: (Choice<V> | { label: string; options: Choice<V>[] })[];
  /** Whether typing narrows the choices (long lists). */
  search?: boolean;
}

/** One of the list's filters: cleared to show everything; typing matches what the choices show (an application's name). */
const FilterSelect = <V extends string>({ label, width, search, ...props }: FilterSelectProps<V>) => (
  <Select<V> aria-label={label} allowClear showSearch={search} optionFilterProp="label" style={{ width }} {...props} />
);

/** The catalogue, paged on the server, searched by text and filtered by source, module, tag and method. */
export function ApiList({ node }: { node: MenuNode }) {
  const t = useApiT();
  const [source, setSource] = useState<Source>();
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
    { key: 'source', title: t('source'), width: 160, render: (_, entry) => <ApiSource entry={entry} /> },
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
          filters={{ source, module, tag, method }}
          columns={columns}
          searchPlaceholder={t('search')}
          emptyText={t('empty')}
          toolbar={
            <>
              <FilterSelect<Source>
                label={t('source')}
                placeholder={t('allSources')}
                value={source}
                onChange={setSource}
                width={140}
                options={API_SOURCES.map((value) => ({ value, label: t(`sources.${value}`) }))}
              />
              <FilterSelect
                label={t('module')}
                placeholder={t('allModules')}
                search
                value={module}
                onChange={setModule}
                width={220}
                options={moduleChoices(facets.data, { platform: t('platformModules'), applications: t('applications') })}
              />
              <FilterSelect
                label={t('tag')}
                placeholder={t('allTags')}
                search
                value={tag}
                onChange={setTag}
                width={200}
                options={choices(facets.data?.tags)}
              />
              <FilterSelect<Method>
                label={t('method')}
                placeholder={t('allMethods')}
                value={method}
                onChange={setMethod}
                width={140}
                options={choices(API_METHODS) as Choice<Method>[]}
              />
            </>
          }
        />
      </Card>
    </AdminPage>
  );
}

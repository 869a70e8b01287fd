import type { UseQueryResult } from '@tanstack/react-query';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { apiErrorOf } from '../../../../components/admin/apiErrors.ts';
import { useInterfacesT } from './messages.ts';

interface QueryTableProps<T> {
  label: string;
  query: UseQueryResult<T[]>;
  columns: ColumnsType<T>;
  emptyText: string;
}

/** A short list the server answers whole, paged here by ten; a failed load shows the server's reason instead of the empty text. */
export function QueryTable<T extends { id: string }>({ label, query, columns, emptyText }: QueryTableProps<T>) {
  const t = useInterfacesT();
  return (
    <Table<T>
      aria-label={label}
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={query.data ?? []}
      loading={query.isFetching}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: query.isError ? (apiErrorOf(query.error)?.message ?? t('notAllowed')) : emptyText }}
    />
  );
}

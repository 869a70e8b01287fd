import type { PageOf } from '@portal/contracts';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { Button, Empty, Flex, Input, Table, type TableProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from './apiErrors.ts';
import { firstPage, nextPageState, withKeyword, type PageState } from './pageQuery.ts';
import './messages.ts';

export interface ServerTableProps<T extends object> {
  /**
   * Cache key of the list, e.g. ['users']; the table appends its filters and paging. Invalidate
   * this key (useCrudMutations does) to reload the list after a change.
   */
  queryKey: QueryKey;
  /** Loads one page: the paging state merged with `filters`. */
  fetchPage: (query: PageState & Record<string, unknown>) => Promise<PageOf<T>>;
  /** Extra query parameters (orgId, actived…); changing them returns to page 1. Undefined ones are left out. */
  filters?: Record<string, unknown>;
  /** antd columns; `sorter: true` makes a column sortable on the server by its `key` (or string `dataIndex`). */
  columns: ColumnsType<T>;
  rowKey?: TableProps<T>['rowKey'];
  /** Accessible name of the table, e.g. 'Users'. */
  label: string;
  /** A search box is shown unless false; its text is sent as `keyword`. */
  search?: boolean;
  searchPlaceholder?: string;
  /** Controls beside the search box (filters, batch actions). */
  toolbar?: ReactNode;
  /** Text of the empty state. */
  emptyText?: string;
  rowSelection?: TableProps<T>['rowSelection'];
  pageSize?: number;
  /** Pass-through for anything else (size, scroll, expandable…). */
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'pagination' | 'onChange' | 'loading' | 'rowSelection'>;
  /** Reloads the page shown this often (ms) while set: a list whose rows change by themselves (deliveries in progress). */
  refreshMs?: number | undefined;
}

const sortFieldOf = <T,>(sorter: SorterResult<T>): unknown => sorter.columnKey ?? sorter.field;
const sortKeyOf = <T,>(column: ColumnsType<T>[number]): unknown => column.key ?? ('dataIndex' in column ? column.dataIndex : undefined);

/**
 * antd Table paged, sorted and searched on the server (PageQuery → { list, total }), with an
 * empty state. The previous page stays on screen while the next one loads.
 *
 * ```tsx
 * <ServerTable<User> label="Users" queryKey={['users']} filters={{ orgId }} columns={columns}
 *   fetchPage={(query) => call(userEndpoints.list, { query })} />
 * ```
 */
export function ServerTable<T extends object>(props: ServerTableProps<T>) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState<PageState>(() => firstPage(props.pageSize));
  const filters = Object.fromEntries(Object.entries(props.filters ?? {}).filter(([, value]) => value !== undefined));
  const filtersKey = JSON.stringify(filters);
  // Filters changed since the last render: the current page number means nothing any more.
  const [seenFilters, setSeenFilters] = useState(filtersKey);
  if (seenFilters !== filtersKey) {
    setSeenFilters(filtersKey);
    setPaging((current) => ({ ...current, page: 1 }));
  }
  const query = { ...filters, ...paging };
  const result = useQuery({
    queryKey: [...props.queryKey, 'page', query],
    queryFn: () => props.fetchPage(query),
    placeholderData: keepPreviousData,
    refetchInterval: props.refreshMs ?? false,
  });

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    setPaging((current) =>
      nextPageState(current, {
        current: pagination.current,
        pageSize: pagination.pageSize,
        sortField: single ? sortFieldOf(single) : undefined,
        sortOrder: single?.order,
      }),
    );
  };

  // Show the server's sort on the column headers, so the arrow matches the rows.
  const columns = props.columns.map((column) =>
    column.sorter ? { ...column, sortOrder: sortKeyOf(column) === paging.sort ? (paging.order ?? null) : null } : column,
  );

  return (
    <Flex vertical gap={12}>
      {(props.search !== false || props.toolbar) && (
        <Flex gap={8} wrap align="center">
          {props.search !== false && (
            <Input.Search
              allowClear
              aria-label={props.searchPlaceholder ?? t('adminKit.search')}
              placeholder={props.searchPlaceholder ?? t('adminKit.search')}
              style={{ width: 260 }}
              maxLength={100}
              onSearch={(value) => setPaging((current) => withKeyword(current, value))}
            />
          )}
          {props.toolbar}
        </Flex>
      )}
      <Table<T>
        aria-label={props.label}
        rowKey={props.rowKey ?? ('id' as TableProps<T>['rowKey'])}
        columns={columns}
        dataSource={result.data?.list ?? []}
        loading={result.isFetching}
        rowSelection={props.rowSelection}
        onChange={onChange}
        locale={{
          emptyText: result.isError ? (
            // A failed load is not an empty list: say so, with the server's reason, and offer to retry.
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={apiErrorOf(result.error)?.message ?? t('adminKit.loadFailed')}>
              <Button onClick={() => void result.refetch()}>{t('adminKit.retry')}</Button>
            </Empty>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText ?? t('adminKit.empty')} />
          ),
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: result.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('adminKit.total', { total }),
        }}
        {...props.tableProps}
      />
    </Flex>
  );
}

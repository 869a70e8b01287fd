import { Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';

/** A table's row actions column, only for those who may act (an empty list otherwise, to spread into the columns). */
export const actionsColumn = <T,>(shown: boolean, title: string, actions: (row: T) => ReactNode, width = 160): ColumnsType<T> =>
  shown ? [{ title, key: 'actions', width, render: (_: unknown, row: T) => <Flex gap={4}>{actions(row)}</Flex> }] : [];

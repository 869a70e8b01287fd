import { Flex, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import i18n from 'i18next';
import './messages.ts';

interface Mark<T> {
  /** Whether the row carries the mark (the top scheme, the default map…). */
  marked: (row: T) => boolean;
  /** The mark's words, and what it means (shown on hover). */
  label: string;
  hint: string;
}

/**
 * The sortable name column of a list where one row is marked (exactly one top scheme, one
 * default map): the name with a gold tag on the marked row.
 */
export function markedNameColumn<T extends { name: string }>({ marked, label, hint }: Mark<T>): ColumnsType<T>[number] {
  return {
    key: 'name',
    title: i18n.t('adminKit.name'),
    dataIndex: 'name',
    sorter: true,
    render: (name: string, row: T) => (
      <Flex gap={8} align="center" wrap>
        {name}
        {marked(row) && (
          <Tooltip title={hint}>
            <Tag color="gold">{label}</Tag>
          </Tooltip>
        )}
      </Flex>
    ),
  };
}

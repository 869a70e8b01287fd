import { Checkbox, Empty, Flex, Table, Tag, theme, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useDiffT } from './messages.ts';
import { diffValues, formatValue, type ChangeKind, type DiffRow } from './valueDiff.ts';

const TAG_COLOURS: Record<ChangeKind, string> = { added: 'green', removed: 'red', changed: 'orange', unchanged: 'default' };

function Value({ value, struck }: { value: unknown; struck?: boolean }) {
  const text = formatValue(value);
  return (
    <pre
      style={{
        margin: 0,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        fontSize: 12,
        textDecoration: struck ? 'line-through' : undefined,
      }}
    >
      {text}
    </pre>
  );
}

interface Props {
  before: unknown;
  after: unknown;
  /** The table's accessible name (what the two sides are). */
  label: string;
  /** Column headings of the two sides; "Before" and "After" when left out. */
  beforeTitle?: string;
  afterTitle?: string;
  /** Says what there is to compare when neither side holds anything. */
  emptyText?: string;
}

/**
 * Two values side by side, one row per field. Changed fields are coloured and tagged (so the
 * change does not rest on colour alone); unchanged ones can be hidden.
 */
export function ValueDiff({ before, after, label, beforeTitle, afterTitle, emptyText }: Props) {
  const t = useDiffT();
  const { token } = theme.useToken();
  const rows = useMemo(() => diffValues(before, after), [before, after]);
  const changes = rows.filter((row) => row.kind !== 'unchanged');
  const [onlyChanges, setOnlyChanges] = useState(changes.length > 0 && changes.length < rows.length);
  const background: Record<ChangeKind, string | undefined> = {
    added: token.colorSuccessBg,
    removed: token.colorErrorBg,
    changed: token.colorWarningBg,
    unchanged: undefined,
  };

  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('nothingRecorded')} />;
  const columns: TableColumnsType<DiffRow> = [
    {
      title: t('field'),
      dataIndex: 'path',
      width: '22%',
      render: (path: string, row) =>
        row.kind === 'unchanged' ? (
          <code>{path}</code>
        ) : (
          <strong>
            <code>{path}</code>
          </strong>
        ),
    },
    { title: t('change'), dataIndex: 'kind', width: 110, render: (kind: ChangeKind) => <Tag color={TAG_COLOURS[kind]}>{t(kind)}</Tag> },
    {
      title: beforeTitle ?? t('before'),
      dataIndex: 'before',
      render: (value: unknown, row) => <Value value={value} struck={row.kind === 'removed'} />,
    },
    { title: afterTitle ?? t('after'), dataIndex: 'after', render: (value: unknown) => <Value value={value} /> },
  ];
  return (
    <Flex vertical gap={8}>
      <Checkbox checked={onlyChanges} onChange={(event) => setOnlyChanges(event.target.checked)}>
        {t('onlyChanges')}
      </Checkbox>
      <Table<DiffRow>
        size="small"
        rowKey="path"
        aria-label={label}
        columns={columns}
        dataSource={onlyChanges ? changes : rows}
        pagination={false}
        onRow={(row) => ({ style: { background: background[row.kind] } })}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noChanges')} /> }}
      />
    </Flex>
  );
}

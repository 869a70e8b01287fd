import type { InsideMessage } from '@portal/contracts';
import { Button, Popconfirm } from 'antd';
import { useState, type ReactNode } from 'react';
import { fetchInbox, INBOX_KEYS } from './insideMessages.ts';
import { ServerTable } from '../admin/ServerTable.tsx';
import { useInboxT } from './messages.ts';
import { useInboxColumns } from './useInboxColumns.tsx';
import { useInboxMutations } from './useInboxMutations.ts';

interface InboxListProps {
  /** Accessible name of the table. */
  label: string;
  /** Only unread or only read messages; all when left out. */
  state?: InsideMessage['state'] | undefined;
  /** Only messages from this source; all when left out. */
  source?: string | undefined;
  /** Filter controls shown first in the toolbar (the caller owns their state). */
  filters?: ReactNode;
  /** A message's title was clicked. */
  onOpen(message: InsideMessage): void;
  /** The message shown beside the list, highlighted. */
  activeId?: string | undefined;
}

/**
 * The caller's inbox as a server-paged table: keyword search, the caller's filters, row actions and
 * bulk actions (mark read, delete) on the selected rows, and "mark all read". One component for
 * the personal centre's private messages and the message centre.
 */
export function InboxList({ label, state, source, filters, onOpen, activeId }: InboxListProps) {
  const t = useInboxT();
  const mutations = useInboxMutations();
  const columns = useInboxColumns(onOpen, mutations);
  const [selected, setSelected] = useState<string[]>([]);
  // A different filter shows different rows: a selection made under the old one no longer applies.
  const filterKey = `${state ?? ''}|${source ?? ''}`;
  const [selectionFor, setSelectionFor] = useState(filterKey);
  if (selectionFor !== filterKey) {
    setSelectionFor(filterKey);
    setSelected([]);
  }
  const { read, remove } = mutations;
  // Errors are toasted by the HTTP client; the selection stays so the user can retry.
  const onSelected = (change: Promise<unknown>) => change.then(() => setSelected([])).catch(() => undefined);
  const emptyText = state === 'unread' ? t('emptyUnread') : state === 'read' ? t('emptyRead') : t('empty');

  const toolbar = (
    <>
      {filters}
      {state !== 'read' && (
        <Button disabled={selected.length === 0} loading={read.isPending} onClick={() => onSelected(read.mutateAsync(selected))}>
          {t('markSelectedRead', { count: selected.length })}
        </Button>
      )}
      <Popconfirm
        title={t('deleteSelectedConfirm', { count: selected.length })}
        description={t('deleteExplain')}
        okText={t('delete')}
        okButtonProps={{ danger: true }}
        disabled={selected.length === 0}
        onConfirm={() => onSelected(remove.mutateAsync(selected))}
      >
        <Button danger disabled={selected.length === 0} loading={remove.isPending}>
          {t('deleteSelected', { count: selected.length })}
        </Button>
      </Popconfirm>
      {state !== 'read' && (
        <Popconfirm
          title={t('markAllReadConfirm')}
          okText={t('markAllRead')}
          onConfirm={() => read.mutateAsync('all').catch(() => undefined)}
        >
          <Button>{t('markAllRead')}</Button>
        </Popconfirm>
      )}
    </>
  );

  return (
    <ServerTable<InsideMessage>
      label={label}
      queryKey={INBOX_KEYS.lists}
      fetchPage={fetchInbox}
      filters={{ state, source }}
      columns={columns}
      searchPlaceholder={t('search')}
      emptyText={emptyText}
      toolbar={toolbar}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
      tableProps={{
        scroll: { x: 'max-content' },
        rowClassName: (message) => (message.id === activeId ? 'ant-table-row-selected' : ''),
      }}
    />
  );
}

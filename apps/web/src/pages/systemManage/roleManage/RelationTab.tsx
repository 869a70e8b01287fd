import type { PageOf } from '@portal/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { Button, Form, Popconfirm, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState, type ReactNode } from 'react';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import type { PageState } from '../../../components/admin/pageQuery.ts';
import type { RemoteSelectProps } from '../../../components/admin/RemoteSelect.tsx';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { useRoleT } from './messages.ts';

export interface RelationTexts {
  label: string;
  search: string;
  empty: string;
  add: string;
  pick: string;
  removeConfirm: (count: number) => string;
}

interface RelationTabProps<T extends { id: string }> {
  queryKey: QueryKey;
  fetchPage: (query: PageState & Record<string, unknown>) => Promise<PageOf<T>>;
  columns: ColumnsType<T>;
  texts: RelationTexts;
  /** The user may change the role's relations (…roleManage:update). */
  canEdit: boolean;
  /** Why adding is impossible even with canEdit (the picker's list is not permitted), or undefined. */
  addBlockedReason: string | undefined;
  renderPicker: (props: RemoteSelectProps) => ReactNode;
  add: (ids: string[]) => Promise<unknown>;
  remove: (ids: string[]) => Promise<unknown>;
  /** Other lists showing this relation from the other side, reloaded after a change. */
  alsoInvalidate: QueryKey[];
}

/**
 * Members or groups of a role: a paged table, adding through a picker, and removing one row or the
 * selected rows, always after a confirmation.
 */
export function RelationTab<T extends { id: string }>(props: RelationTabProps<T>) {
  const t = useRoleT();
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const invalidate = [props.queryKey, ...props.alsoInvalidate];
  const add = useInvalidatingMutation(props.add, { invalidate, success: t('added') });
  const remove = useInvalidatingMutation(props.remove, { invalidate, success: t('removed') });
  const removeIds = async (ids: string[]) => {
    await remove.mutateAsync(ids);
    setSelected((current) => current.filter((id) => !ids.includes(id)));
  };

  const confirmRemove = (ids: string[], trigger: ReactNode) => (
    <Popconfirm title={props.texts.removeConfirm(ids.length)} okButtonProps={{ danger: true }} onConfirm={() => removeIds(ids)}>
      {trigger}
    </Popconfirm>
  );
  const columns: ColumnsType<T> = props.canEdit
    ? [
        ...props.columns,
        {
          title: t('actions'),
          key: 'actions',
          render: (_, row) =>
            confirmRemove(
              [row.id],
              <Button type="link" size="small" danger>
                {t('remove')}
              </Button>,
            ),
        },
      ]
    : props.columns;

  const toolbar = props.canEdit && (
    <>
      <Tooltip title={props.addBlockedReason}>
        <Button type="primary" disabled={props.addBlockedReason !== undefined} onClick={() => setAdding(true)}>
          {props.texts.add}
        </Button>
      </Tooltip>
      {selected.length > 0 &&
        confirmRemove(
          selected,
          <Button danger loading={remove.isPending}>
            {t('removeSelected', { count: selected.length })}
          </Button>,
        )}
    </>
  );

  return (
    <>
      <ServerTable<T>
        label={props.texts.label}
        queryKey={props.queryKey}
        fetchPage={props.fetchPage}
        columns={columns}
        searchPlaceholder={props.texts.search}
        emptyText={props.texts.empty}
        toolbar={toolbar}
        rowSelection={props.canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      <FormModal<{ ids: string[] }>
        open={adding}
        title={props.texts.add}
        okText={props.texts.add}
        initialValues={{ ids: [] }}
        onCancel={() => setAdding(false)}
        onSubmit={({ ids }) => add.mutateAsync(ids)}
      >
        <Form.Item name="ids" label={props.texts.pick} rules={[{ required: true, type: 'array', min: 1, message: t('required') }]}>
          {props.renderPicker({ placeholder: t('pickPlaceholder') })}
        </Form.Item>
      </FormModal>
    </>
  );
}

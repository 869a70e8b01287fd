import type { PageOf } from '@portal/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { Button, Form, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/useCan.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { FormModal } from './FormModal.tsx';
import type { PageState } from './pageQuery.ts';
import type { Picker } from './pickers.tsx';
import { ServerTable } from './ServerTable.tsx';
import { useInvalidatingMutation } from './useCrudMutations.ts';
import './messages.ts';

/** What the page calls things: each page keeps its own words. */
export interface RelationTexts<T> {
  /** Accessible name of the table. */
  label: string;
  search: string;
  empty: string;
  /** The add button and the title of its dialog. */
  add: string;
  /** The dialog's OK button; `add` when not given. */
  addOk?: string;
  /** Label of the picker field, and what it says when nothing is picked. */
  pick: string;
  pickRequired: string;
  /** The question before removing one row, and before removing the selected rows. */
  removeOne: (row: T) => string;
  removeMany: (count: number) => string;
  /** Toasts after a change. */
  added: string;
  removed: string;
  /** Shown on the add button, disabled, when the picker's point is missing; without it the button is left out. */
  addBlocked?: string;
}

interface RelationTableProps<T extends { id: string }> {
  queryKey: QueryKey;
  fetchPage: (query: PageState & Record<string, unknown>) => Promise<PageOf<T>>;
  columns: ColumnsType<T>;
  texts: RelationTexts<T>;
  /** The user may change the relation (the owner's update point). */
  canEdit: boolean;
  /** Chooses what to add; adding also needs its point. */
  picker: Picker<T>;
  add: (ids: string[]) => Promise<unknown>;
  remove: (ids: string[]) => Promise<unknown>;
  /** Other lists showing this relation from the other side, reloaded after a change. */
  alsoInvalidate: QueryKey[];
}

/**
 * The records related to one thing (members of a role or group, groups of a role): a paged table,
 * adding through a picker, and removing one row or the selected rows, always after a confirmation.
 */
export function RelationTable<T extends { id: string }>(props: RelationTableProps<T>) {
  const { t } = useTranslation();
  const { texts, canEdit } = props;
  const canPick = useCan(props.picker.point);
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const invalidate = [props.queryKey, ...props.alsoInvalidate];
  const add = useInvalidatingMutation(props.add, { invalidate, success: texts.added });
  const remove = useInvalidatingMutation(props.remove, { invalidate, success: texts.removed });
  const removeIds = async (ids: string[]) => {
    await remove.mutateAsync(ids);
    setSelected((current) => current.filter((id) => !ids.includes(id)));
  };

  const columns: ColumnsType<T> = canEdit
    ? [
        ...props.columns,
        {
          title: t('adminKit.actions'),
          key: 'actions',
          render: (_, row) => (
            <ConfirmAction title={texts.removeOne(row)} onConfirm={() => removeIds([row.id])} danger>
              {t('adminKit.remove')}
            </ConfirmAction>
          ),
        },
      ]
    : props.columns;

  const addBlocked = canPick ? undefined : texts.addBlocked;
  const toolbar = canEdit && (
    <>
      {(canPick || addBlocked !== undefined) && (
        <Tooltip title={addBlocked}>
          <Button type="primary" disabled={!canPick} onClick={() => setAdding(true)}>
            {texts.add}
          </Button>
        </Tooltip>
      )}
      {selected.length > 0 && (
        <ConfirmAction
          title={texts.removeMany(selected.length)}
          onConfirm={() => removeIds(selected)}
          danger
          buttonProps={{ type: 'default', size: 'middle' }}
        >
          {t('adminKit.removeSelected', { count: selected.length })}
        </ConfirmAction>
      )}
    </>
  );

  return (
    <>
      <ServerTable<T>
        label={texts.label}
        queryKey={props.queryKey}
        fetchPage={props.fetchPage}
        columns={columns}
        searchPlaceholder={texts.search}
        emptyText={texts.empty}
        toolbar={toolbar}
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      <FormModal<{ ids: string[] }>
        open={adding}
        title={texts.add}
        okText={texts.addOk ?? texts.add}
        initialValues={{ ids: [] }}
        onCancel={() => setAdding(false)}
        onSubmit={({ ids }) => add.mutateAsync(ids)}
      >
        <Form.Item name="ids" label={texts.pick} rules={[{ required: true, type: 'array', min: 1, message: texts.pickRequired }]}>
          <props.picker.Select />
        </Form.Item>
      </FormModal>
    </>
  );
}

import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from './FormModal.tsx';
import { holds } from '../../access/holds.ts';
import { useHeldResources } from '../../access/useCan.ts';
import type { Picker } from './pickers.tsx';
import './messages.ts';

export interface AssignmentEdit<T> {
  /** Text of the edit button and title of its dialog, e.g. "Edit roles". */
  label: string;
  /** Label of the picker field, e.g. "Roles". */
  fieldLabel: string;
  /** The picker, e.g. ROLE_PICKER; without its point the list stays read-only. */
  picker: Picker<T>;
  /** Replaces the whole assignment with these ids (a PUT …/all call). */
  onSave: (ids: string[]) => Promise<unknown>;
}

interface AssignmentCardProps<T extends { id: string }> {
  title: ReactNode;
  items: readonly T[] | undefined;
  loading: boolean;
  columns: ColumnsType<T>;
  emptyText: string;
  /** Without it the list is read-only (give it only with the update permission point). */
  edit?: AssignmentEdit<T> | undefined;
}

/**
 * The records assigned to something (roles of a user, members of a position…) as a table, and,
 * with `edit` and the picker's point, a dialog that replaces the whole set using the picker
 * prefilled with the current ones.
 */
export function AssignmentCard<T extends { id: string }>({ title, items, loading, columns, emptyText, ...props }: AssignmentCardProps<T>) {
  const { t } = useTranslation();
  const held = useHeldResources();
  const edit = props.edit && holds(held, props.edit.picker.point) ? props.edit : undefined;
  const [editing, setEditing] = useState(false);
  const current = items ?? [];
  return (
    <Card
      title={title}
      extra={
        edit && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={loading}>
            {edit.label}
          </Button>
        )
      }
    >
      <Table<T>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={[...current]}
        loading={loading}
        pagination={current.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      />
      {edit && (
        <FormModal<{ ids: string[] }>
          open={editing}
          title={edit.label}
          initialValues={{ ids: current.map((item) => item.id) }}
          onCancel={() => setEditing(false)}
          onSubmit={({ ids }) => edit.onSave(ids ?? [])}
          okText={t('adminKit.save')}
        >
          <Form.Item name="ids" label={edit.fieldLabel}>
            <edit.picker.Select knownOptions={current.map(edit.picker.toOption)} />
          </Form.Item>
        </FormModal>
      )}
    </Card>
  );
}

import type { Recipients } from '@portal/contracts';
import { Form, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { toTreeData } from './orgTree.ts';
import { GroupSelect, RoleSelect, UserPicker } from './pickers.tsx';
import type { PickOption } from './RemoteSelect.tsx';
import { useOrgTree } from './useOrgTree.ts';

/** Several organisations from the whole tree (each reaches its subtree too), searchable by name. */
function OrgsSelect({ id, value, onChange }: { id?: string; value?: string[]; onChange?: (ids: string[]) => void }) {
  const tree = useOrgTree();
  const treeData = useMemo(() => toTreeData(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect
      id={id}
      multiple
      value={value ?? []}
      onChange={(ids: string[]) => onChange?.(ids)}
      treeData={treeData}
      loading={tree.isLoading}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll={treeData.length < 50}
      style={{ width: '100%' }}
    />
  );
}

const RECIPIENT_FIELDS = ['userIds', 'groupIds', 'roleIds', 'orgIds'] as const;

/** Only the kinds with someone in them (what the message calls take). */
export const toRecipients = (values: Recipients): Recipients =>
  Object.fromEntries(RECIPIENT_FIELDS.flatMap((field) => (values[field]?.length ? [[field, values[field]]] : [])));

/** Whether anyone is chosen. */
export const hasRecipients = (values: Recipients | undefined): boolean =>
  RECIPIENT_FIELDS.some((field) => (values?.[field]?.length ?? 0) > 0);

/**
 * The four ways to name people in a form (`Recipients`): users, groups, role holders and
 * organisations with their subtrees, under `name` when given (a nested form value).
 */
export function RecipientFields({
  labels,
  knownUsers,
  name = [],
}: {
  labels: Record<'users' | 'groups' | 'roles' | 'organizations', string>;
  knownUsers?: PickOption[];
  name?: string[];
}) {
  return (
    <>
      <Form.Item name={[...name, 'userIds']} label={labels.users}>
        <UserPicker {...(knownUsers ? { knownOptions: knownUsers } : {})} />
      </Form.Item>
      <Form.Item name={[...name, 'groupIds']} label={labels.groups}>
        <GroupSelect />
      </Form.Item>
      <Form.Item name={[...name, 'roleIds']} label={labels.roles}>
        <RoleSelect />
      </Form.Item>
      <Form.Item name={[...name, 'orgIds']} label={labels.organizations}>
        <OrgsSelect />
      </Form.Item>
    </>
  );
}

import type { MessageTemplate, Recipients, TemplateReceivers } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { toTreeData } from '../../../components/admin/orgTree.ts';
import { GroupSelect, RoleSelect, UserPicker } from '../../../components/admin/pickers.tsx';
import type { PickOption } from '../../../components/admin/RemoteSelect.tsx';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { useOrgTree } from '../../../components/admin/useOrgTree.ts';
import { fetchReceivers, saveReceivers, TEMPLATE_KEY } from './api.ts';
import { useTemplateT } from './messages.ts';

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

/** The receivers' query, shared by the detail view and the dialog. */
export const useTemplateReceivers = (id: string | undefined) =>
  useQuery({ queryKey: [...TEMPLATE_KEY, 'receivers', id], queryFn: () => fetchReceivers(id ?? ''), enabled: id !== undefined });

/** Labels of the receivers the server names (users), so they show before any search. */
const known = (named: TemplateReceivers['users'] | undefined): PickOption[] =>
  (named ?? []).flatMap((receiver) => (receiver.name ? [{ value: receiver.id, label: receiver.name }] : []));

const RECEIVER_FIELDS = ['userIds', 'groupIds', 'roleIds', 'orgIds'] as const;

/** Only the kinds with someone in them. */
const toRecipients = (values: Recipients): Recipients =>
  Object.fromEntries(RECEIVER_FIELDS.flatMap((field) => (values[field]?.length ? [[field, values[field]]] : [])));

/**
 * PUT /v1/templates/{id}/receivers: the users, groups, roles and organisations a send with this
 * template reaches when it names none. Offered with the receivers point, which also lets its
 * holder search the people pickers.
 */
export function ReceiversModal({ template, onClose }: { template: MessageTemplate | null; onClose: () => void }) {
  const t = useTemplateT();
  const current = useTemplateReceivers(template?.id);
  const save = useInvalidatingMutation((receivers: Recipients) => saveReceivers(template?.id ?? '', receivers), {
    invalidate: [TEMPLATE_KEY],
    success: t('receiversSaved'),
  });
  return (
    <FormModal<Recipients>
      open={template !== null}
      width={720}
      title={t('editReceiversOf', { name: template?.name ?? '' })}
      initialValues={template?.receivers}
      onCancel={onClose}
      onSubmit={(values) => save.mutateAsync(toRecipients(values))}
    >
      <Form.Item name="userIds" label={t('users')}>
        <UserPicker knownOptions={known(current.data?.users)} />
      </Form.Item>
      <Form.Item name="groupIds" label={t('groups')}>
        <GroupSelect />
      </Form.Item>
      <Form.Item name="roleIds" label={t('roles')}>
        <RoleSelect />
      </Form.Item>
      <Form.Item name="orgIds" label={t('organizations')}>
        <OrgsSelect />
      </Form.Item>
    </FormModal>
  );
}

import { GroupInput, type Group } from '@portal/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEYS, permissionUrl } from '../../../../components/admin/adminApi.ts';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { toInput } from '../../../../components/admin/formValues.ts';
import { schemaRules } from '../../../../components/admin/schemaRules.ts';
import { useCrudMutations } from '../../../../components/admin/useCrudMutations.ts';
import '../../../../components/admin/messages.ts';

/** The body of POST/PUT /groups (GroupInput). */
interface Values {
  code: string;
  name: string;
  description?: string | null;
}

/** Create (POST /groups) or edit (PUT /groups/{id}) a group; rules mirror GroupInput. */
export function GroupFormModal({ editing, onClose }: { editing: Group | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const group = editing === 'new' ? null : editing;
  const { create, update } = useCrudMutations<Values>(permissionUrl('/groups'), [ADMIN_KEYS.groups]);
  const submit = (values: Values) => {
    const body = toInput(values, { nullable: ['description'] });
    return group ? update.mutateAsync({ id: group.id, body }) : create.mutateAsync(body);
  };
  return (
    <FormModal<Values>
      open={editing !== null}
      title={group ? t('orgManage.groups.edit', { name: group.name }) : t('orgManage.groups.create')}
      initialValues={group ? { code: group.code, name: group.name, description: group.description } : {}}
      onCancel={onClose}
      onSubmit={submit}
    >
      <Form.Item name="name" label={t('adminKit.name')} rules={schemaRules(GroupInput, 'name')}>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item name="code" label={t('adminKit.code')} rules={schemaRules(GroupInput, 'code')} extra={t('adminKit.codeHint')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="description" label={t('adminKit.description')} rules={schemaRules(GroupInput, 'description')}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}

import { RoleCopyInput, RoleInput, type Role } from '@portal/contracts';
import { Alert, Form, Input, InputNumber } from 'antd';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { toInput } from '../../../components/admin/formValues.ts';
import { maxLengthOf, schemaRules } from '../../../components/admin/schemaRules.ts';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { roleApi, roleKeys, type RoleValues } from './api.ts';
import { useRoleT } from './messages.ts';

export type RoleFormMode = 'create' | 'edit' | 'copy';

function initialValues(mode: RoleFormMode, role: Role | undefined, copySuffix: string): Partial<RoleValues> {
  if (!role || mode === 'create') return { sort: 0 };
  const values = { code: role.code, name: role.name, description: role.description, sort: role.sort };
  // A copy needs a new, unique code: this suggestion is there to be edited.
  return mode === 'copy' ? { ...values, code: `${role.code}_copy`, name: `${role.name}${copySuffix}` } : values;
}

interface RoleFormModalProps {
  /** What to do, and on which role (edit, copy); null when closed. */
  form: { mode: RoleFormMode; role?: Role | undefined } | null;
  onClose: () => void;
}

/** Creates, edits or copies a role; the fields are checked with the server's own RoleInput rules. */
export function RoleFormModal({ form, onClose }: RoleFormModalProps) {
  const t = useRoleT();
  const mode = form?.mode ?? 'create';
  const role = form?.role;
  const save = useInvalidatingMutation(
    (values: RoleValues) => {
      const body = toInput(values, { nullable: ['description'] });
      if (mode === 'edit' && role) return roleApi.update(role.id, body);
      // The copy takes its sort order from the source (RoleCopyInput has no sort).
      if (mode === 'copy' && role) return roleApi.copy(role.id, { code: body.code, name: body.name, description: body.description });
      return roleApi.create(body);
    },
    { invalidate: [roleKeys.all], success: t('saved') },
  );

  // Copying is validated against its own schema, which has no sort field.
  const schema = mode === 'copy' ? RoleCopyInput : RoleInput;
  const title = mode === 'create' ? t('createTitle') : t(mode === 'edit' ? 'editTitle' : 'copyTitle', { name: role?.name ?? '' });
  return (
    <FormModal<RoleValues>
      open={form !== null}
      title={title}
      initialValues={initialValues(mode, role, t('copySuffix'))}
      onCancel={onClose}
      onSubmit={(values) => save.mutateAsync(values)}
    >
      {mode === 'copy' && <Alert type="info" showIcon title={t('copyHint')} style={{ marginBottom: 16 }} />}
      <Form.Item name="name" label={t('name')} rules={schemaRules(schema, 'name', true)}>
        <Input autoFocus />
      </Form.Item>
      <Form.Item name="code" label={t('code')} rules={schemaRules(schema, 'code', true, { pattern: t('codePattern') })}>
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={schemaRules(schema, 'description', false)}>
        <Input.TextArea rows={3} showCount maxLength={maxLengthOf(schema, 'description')} />
      </Form.Item>
      {mode !== 'copy' && (
        <Form.Item name="sort" label={t('sort')}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
      )}
    </FormModal>
  );
}

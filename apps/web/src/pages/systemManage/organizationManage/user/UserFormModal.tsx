import { UserInput, type User } from '@portal/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { toInput } from '../../../../components/admin/formValues.ts';
import { OrgTreeSelect } from '../../../../components/admin/OrgTreeSelect.tsx';
import { schemaRules } from '../../../../components/admin/schemaRules.ts';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { createUser, updateUser } from './api.ts';
import '../../../../components/admin/messages.ts';

type Values = UserInput;

interface UserFormModalProps {
  /** 'new' to create; a user to edit; null when closed. */
  editing: User | 'new' | null;
  /** Organisation preselected for a new user (the one chosen in the tree). */
  defaultOrgId?: string | undefined;
  onClose: () => void;
}

const NULLABLE = ['email', 'phone', 'orgId', 'description'];

/** Create or edit a user; rules mirror UserInput, and the initial password is asked on create only. */
export function UserFormModal({ editing, defaultOrgId, onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  const isNew = editing === 'new';
  const user = editing === 'new' ? null : editing;
  const save = useInvalidatingMutation(
    (values: Values) => {
      const body = toInput(values, { nullable: NULLABLE, verbatim: ['password'] });
      if (user) return updateUser(user.id, { ...body, username: user.username });
      // On create the password field is shown and required, so the body has one (UserCreateInput).
      return createUser(body as typeof body & { password: string });
    },
    { invalidate: [ADMIN_KEYS.users], success: isNew ? t('adminKit.created') : t('adminKit.saved') },
  );

  const initialValues: Partial<Values> = user
    ? { username: user.username, name: user.name, email: user.email, phone: user.phone, orgId: user.orgId, description: user.description }
    : { orgId: defaultOrgId ?? null };

  return (
    <FormModal<Values>
      open={editing !== null}
      title={isNew ? t('orgManage.users.create') : t('orgManage.users.edit', { name: user?.name ?? '' })}
      initialValues={initialValues}
      onCancel={onClose}
      onSubmit={(values) => save.mutateAsync(values)}
    >
      <Form.Item
        name="username"
        label={t('orgManage.users.username')}
        rules={schemaRules(UserInput, 'username')}
        extra={isNew ? t('orgManage.users.usernameHint') : undefined}
      >
        <Input autoFocus={isNew} autoComplete="off" disabled={!isNew} maxLength={64} />
      </Form.Item>
      <Form.Item name="name" label={t('orgManage.users.name')} rules={schemaRules(UserInput, 'name')}>
        <Input autoFocus={!isNew} maxLength={100} />
      </Form.Item>
      <Form.Item name="email" label={t('orgManage.users.email')} rules={schemaRules(UserInput, 'email')}>
        <Input type="email" autoComplete="off" maxLength={254} />
      </Form.Item>
      <Form.Item name="phone" label={t('orgManage.users.phone')} rules={schemaRules(UserInput, 'phone')}>
        <Input type="tel" autoComplete="off" maxLength={20} />
      </Form.Item>
      <Form.Item name="orgId" label={t('orgManage.users.org')}>
        <OrgTreeSelect />
      </Form.Item>
      {isNew && (
        <Form.Item
          name="password"
          label={t('orgManage.users.initialPassword')}
          rules={schemaRules(UserInput, 'password', true)}
          extra={t('orgManage.users.initialPasswordHint')}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
      )}
      <Form.Item name="description" label={t('adminKit.description')} rules={schemaRules(UserInput, 'description')}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}

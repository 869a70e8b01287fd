import { UserInput, type User } from '@portal/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { schemaRules } from '../../../../components/admin/schemaRules.ts';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { resetPassword } from './api.ts';
import '../../../../components/admin/messages.ts';

interface Values {
  password: string;
  confirm: string;
}

/** Sets a new password for a user (PATCH /users/{id}/password); they must change it at next sign-in. */
export function ResetPasswordModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useInvalidatingMutation((password: string) => resetPassword(user?.id ?? '', password), {
    invalidate: [],
    success: t('orgManage.users.passwordReset'),
  });
  return (
    <FormModal<Values>
      open={user !== null}
      title={t('orgManage.users.resetPasswordOf', { name: user?.name || user?.username || '' })}
      onCancel={onClose}
      onSubmit={({ password }) => reset.mutateAsync(password)}
    >
      <Form.Item
        name="password"
        label={t('orgManage.users.newPassword')}
        rules={schemaRules(UserInput, 'password', true)}
        extra={t('orgManage.users.initialPasswordHint')}
      >
        <Input.Password autoFocus autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('orgManage.users.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('adminKit.rule.required') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: unknown) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('orgManage.users.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
    </FormModal>
  );
}

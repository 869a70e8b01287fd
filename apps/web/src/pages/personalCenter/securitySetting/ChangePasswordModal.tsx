import { PasswordFields } from '../../../components/account/PasswordFields.tsx';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { changeOwnPassword, SESSIONS_KEY } from './api.ts';
import { useSecurityT } from './messages.ts';

/** The new password, once the mfa_token step gave `token` (closed without one). */
export function ChangePasswordModal({ token, onClose }: { token: string | undefined; onClose: () => void }) {
  const t = useSecurityT();
  // The server signs every other session out: the session list changes too.
  const change = useInvalidatingMutation((password: string) => changeOwnPassword(token ?? '', password), {
    invalidate: [SESSIONS_KEY],
    success: t('change.passwordDone'),
  });
  return (
    <FormModal<{ password: string }>
      open={token !== undefined}
      title={t('change.passwordTitle')}
      onCancel={onClose}
      onSubmit={(values) => change.mutateAsync(values.password)}
    >
      <PasswordFields labels={{ password: t('change.newPassword'), confirm: t('change.confirm') }} />
    </FormModal>
  );
}

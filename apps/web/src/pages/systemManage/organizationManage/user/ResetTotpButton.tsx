import type { User } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../access/useCan.ts';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { resetUserTotp } from './api.ts';
import { POINTS } from '../../../../access/points.ts';
import '../../../../components/admin/messages.ts';

/** For a user who lost their authenticator app: sign-in asks for the password alone again (confirmed first). */
export function ResetTotpButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const canReset = useCan(POINTS.user.resetTotp);
  const reset = useInvalidatingMutation(() => resetUserTotp(user.id), { invalidate: [], success: t('orgManage.users.totpResetDone') });
  if (!canReset) return null;
  return (
    <ConfirmAction
      buttonProps={{ type: 'default', size: 'middle' }}
      title={t('orgManage.users.confirmTotpReset', { name: user.name || user.username })}
      description={t('orgManage.users.totpResetExplain')}
      onConfirm={() => reset.mutateAsync()}
      danger
    >
      {t('orgManage.users.resetTotp')}
    </ConfirmAction>
  );
}
